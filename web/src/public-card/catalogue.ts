/**
 * 'Ürün Kataloğu' on the card page (docs/decisions/0023-public-catalogue.md). The page arrives with the products in
 * a CSS scroll-snap strip that a finger or a trackpad scrolls without any script; this adds what needs one: the
 * previous/next buttons (a step of the smaller of 75 % of the strip's width and 500 px, SPEC §9), the progress bar
 * (more than 3 products) and the 'Tümünü Gör' / 'Kaydırmalı Görünüm' toggle to the grid and back.
 */

const MAX_STEP_PX = 500;
const STEP_SHARE = 0.75;

interface CatalogueText {
  readonly showAll: string;
  readonly showScroller: string;
}

/** How far one press of previous/next scrolls a strip this wide. */
export function catalogueStep(width: number): number {
  return Math.min(width * STEP_SHARE, MAX_STEP_PX);
}

export function enhanceCatalogue(text: CatalogueText): void {
  const section = document.querySelector<HTMLElement>('[data-cat]');
  const list = section?.querySelector<HTMLElement>('[data-cat-list]');
  if (!section || !list) return;
  const previous = section.querySelector<HTMLButtonElement>('[data-cat-prev]');
  const next = section.querySelector<HTMLButtonElement>('[data-cat-next]');
  const toggle = section.querySelector<HTMLButtonElement>('[data-cat-toggle]');
  const progress = section.querySelector<HTMLElement>('[data-cat-progress]');

  // Right to left (an Arabic page), the strip starts at the right and scrolls to negative offsets.
  const towardsEnd = getComputedStyle(list).direction === 'rtl' ? -1 : 1;
  const offset = () => Math.abs(list.scrollLeft);

  function update(): void {
    const max = list!.scrollWidth - list!.clientWidth;
    // A pixel of rounding at either end counts as the end.
    const atStart = offset() <= 1;
    const atEnd = offset() >= max - 1;
    if (previous) previous.disabled = atStart;
    if (next) next.disabled = atEnd || max <= 0;
    if (progress) progress.style.transform = `scaleX(${max > 0 ? Math.min(1, Math.max(0.05, offset() / max)) : 1})`;
  }

  function scrollBy(direction: -1 | 1): void {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list!.scrollBy({ left: towardsEnd * direction * catalogueStep(list!.clientWidth), behavior: reduce ? 'auto' : 'smooth' });
  }

  previous?.addEventListener('click', () => scrollBy(-1));
  next?.addEventListener('click', () => scrollBy(1));
  list.addEventListener('scroll', update, { passive: true });
  window.addEventListener('resize', update, { passive: true });

  toggle?.addEventListener('click', () => {
    const grid = section.dataset.view !== 'grid';
    section.dataset.view = grid ? 'grid' : 'scroll';
    toggle.setAttribute('aria-pressed', String(grid));
    toggle.textContent = grid ? text.showScroller : text.showAll;
    if (!grid) list.scrollLeft = 0;
    update();
  });
  update();
}
