import { beacon, whenShown } from '../shared/beacon.ts';
import { debug } from '../shared/debug.ts';
import { enhanceMap } from '../public-card/enhance-location.ts';
import './product.css';

/**
 * The product page's enhancement script (docs/decisions/0023-public-catalogue.md). The page arrives complete from
 * query-api: the gallery is a scroll-snap strip (a finger swipes it) and its thumbnails are links to the slides. This
 * adds the arrows (disabled at the ends), the current image in the thumbnails, the counter and the blurred
 * background; 'Paylaş' (the share sheet, else the address copied with 'Bağlantı kopyalandı!'); 'Geri Dön' going back
 * on the 404 page; and the product telemetry beacons (the card page's sender: a 503 is sent once more).
 */

interface PageData {
  readonly productId: string;
  /** The card whose catalogue linked here (checked by the server); the hits are counted for it too. */
  readonly cardId: string | null;
  readonly share: { readonly title: string; readonly text: string; readonly url: string };
  readonly images: readonly string[];
  readonly text: Readonly<Record<'copied' | 'copyFailed' | 'imageOf' | 'mapLoading' | 'mapFailed', string>>;
}

const TOAST_MS = 2000;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and insecure origins: a selected text field and the copy command.
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    let copied: boolean;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    field.remove();
    return copied;
  }
}

function enhanceGallery(data: PageData): void {
  const track = document.querySelector<HTMLElement>('[data-gallery-track]');
  if (!track) return;
  const slides = [...track.children] as HTMLElement[];
  const previous = document.querySelector<HTMLButtonElement>('[data-gallery-prev]');
  const next = document.querySelector<HTMLButtonElement>('[data-gallery-next]');
  const counter = document.querySelector<HTMLElement>('[data-gallery-count]');
  const backdrop = document.querySelector<HTMLImageElement>('[data-gallery-backdrop]');
  const thumbs = [...document.querySelectorAll<HTMLAnchorElement>('[data-thumb]')];
  let current = 0;

  function show(index: number): void {
    if (index === current) return;
    current = index;
    if (previous) previous.disabled = index === 0;
    if (next) next.disabled = index === slides.length - 1;
    if (counter)
      counter.textContent = data.text.imageOf
        .replace('{index}', String(index + 1))
        .replace('{count}', String(slides.length));
    thumbs.forEach((thumb, position) => {
      if (position === index) thumb.setAttribute('aria-current', 'true');
      else thumb.removeAttribute('aria-current');
    });
    const image = data.images[index];
    if (backdrop && image) backdrop.src = image;
  }

  // Right to left (an Arabic page), the strip starts at the right and scrolls to negative offsets.
  const towardsEnd = getComputedStyle(track).direction === 'rtl' ? -1 : 1;

  function go(index: number): void {
    const bounded = Math.max(0, Math.min(slides.length - 1, index));
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    track!.scrollTo({ left: towardsEnd * bounded * track!.clientWidth, behavior: reduce ? 'auto' : 'smooth' });
    show(bounded);
  }

  previous?.addEventListener('click', () => go(current - 1));
  next?.addEventListener('click', () => go(current + 1));
  thumbs.forEach((thumb, index) =>
    thumb.addEventListener('click', (event) => {
      // The link would also scroll the page to the slide; the strip alone moves.
      event.preventDefault();
      go(index);
    }),
  );
  // A swipe (or a thumbnail link followed without the script's help) moves the strip: follow it.
  track.addEventListener(
    'scroll',
    () => {
      const width = track.clientWidth;
      if (width > 0) show(Math.round(Math.abs(track.scrollLeft) / width));
    },
    { passive: true },
  );
}

function enhance(data: PageData): void {
  const toast = document.querySelector<HTMLElement>('[data-toast]');
  let toastTimer = 0;
  function announce(message: string): void {
    if (!toast) return;
    toast.textContent = message;
    toast.classList.add('is-visible');
    window.clearTimeout(toastTimer);
    toastTimer = window.setTimeout(() => {
      toast.classList.remove('is-visible');
      toast.textContent = '';
    }, TOAST_MS);
  }

  enhanceGallery(data);
  // A listing's map (issue 33), loaded when the visitor asks, as on the card.
  enhanceMap({ mapLoading: data.text.mapLoading, mapFailed: data.text.mapFailed });

  document.querySelector('[data-share]')?.addEventListener('click', () => {
    const share = data.share;
    if (typeof navigator.share === 'function') {
      navigator.share(share).catch((error: unknown) => debug('share closed', error));
      return;
    }
    void copyText(share.url).then((copied) => announce(copied ? data.text.copied : data.text.copyFailed));
  });

  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLElement>('[data-pp-click]');
    const action = link?.dataset.ppClick;
    if (action === 'buy' || action === 'whatsapp' || action === 'call')
      beacon('/api/telemetry/product-click', { productId: data.productId, cardId: data.cardId, action });
  });

  whenShown(() => beacon('/api/telemetry/product-view', { productId: data.productId, cardId: data.cardId }));
}

// The 404 page's 'Geri Dön': back where the visitor came from on this site, else home (the link's own target).
document.querySelector('[data-back]')?.addEventListener('click', (event) => {
  let sameSite: boolean;
  try {
    sameSite = document.referrer !== '' && new URL(document.referrer).origin === location.origin;
  } catch {
    sameSite = false;
  }
  if (sameSite && history.length > 1) {
    event.preventDefault();
    history.back();
  }
});

const dataElement = document.getElementById('pp-data');
if (dataElement?.textContent) {
  try {
    enhance(JSON.parse(dataElement.textContent) as PageData);
  } catch (error) {
    debug('enhancement failed', error);
  }
}
