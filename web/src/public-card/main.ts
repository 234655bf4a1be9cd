import { checkLeadForm, plausiblePhone, type LeadInput } from '@kartvizit/schemas/validation/lead-form';
import { enhanceCatalogue } from './catalogue.ts';
import './page.css';
import './sample.css';

/**
 * The public card page's enhancement script (docs/decisions/0008-public-card.md). The page arrives
 * complete from query-api; this wires up what needs a script: copy buttons, share, the two
 * dialogs, the 'Kurumsal Bilgiler' tabs, the on-demand map, the lead form and the beacons.
 * No framework: it must cost a phone on a slow network almost nothing.
 */

interface PageData {
  readonly cardId: string;
  readonly profileId: string;
  readonly url: string;
  readonly share: { readonly title: string; readonly text: string; readonly url: string };
  readonly text: Readonly<
    Record<
      | 'copied'
      | 'copyFailed'
      | 'copiedLabel'
      | 'linkLabel'
      | 'mapLoading'
      | 'mapFailed'
      | 'sending'
      | 'leadError'
      | 'leadOffline'
      | 'catalogueShowAll'
      | 'catalogueShowScroller',
      string
    >
  >;
}

interface ServerAnswer {
  readonly success?: boolean;
  readonly message?: string;
  readonly field?: string;
}

const MARKER_MS = 2000;
/** A token older than this (a dialog opened in a tab kept since yesterday) is fetched anew on opening. */
const TOKEN_REFRESH_AFTER_MS = 20 * 60 * 60 * 1000;

const $ = <T extends Element>(selector: string, root: ParentNode = document) => root.querySelector<T>(selector);
const $$ = <T extends Element>(selector: string, root: ParentNode = document) => [
  ...root.querySelectorAll<T>(selector),
];

function debug(...details: unknown[]): void {
  console.debug('[kartvizit]', ...details);
}

/**
 * A visit or a click. The server answers 204 once it is stored, 503 with Retry-After when it could not store it:
 * then it is sent once more after that wait. `keepalive` lets it finish when the page is left (as sendBeacon does,
 * which cannot see the answer). No retry after a network error: the hit may have been stored.
 */
function beacon(path: string, payload: object, retry = true): void {
  fetch(path, {
    method: 'POST',
    body: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
    keepalive: true,
  }).then(
    (response) => {
      if (response.status === 503 && retry) {
        const seconds = Number(response.headers.get('retry-after'));
        window.setTimeout(() => beacon(path, payload, false), 1000 * (seconds > 0 && seconds <= 60 ? seconds : 5));
      } else if (!response.ok) debug('beacon not stored', path, response.status);
    },
    (error: unknown) => debug('beacon failed', path, error),
  );
}

/** After the page is really shown: not while prerendered, not while in a background tab. */
function whenShown(callback: () => void): void {
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', () => whenShown(callback), { once: true });
  } else if (document.visibilityState === 'hidden') {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', onVisible);
      callback();
    };
    document.addEventListener('visibilitychange', onVisible);
  } else {
    callback();
  }
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    debug('clipboard API failed', error);
  }
  // Older browsers and plain-http origins: the selection fallback.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch (error) {
    debug('copy fallback failed', error);
  }
  area.remove();
  return copied;
}

function enhance(data: PageData): void {
  const text = data.text;
  const toast = $<HTMLElement>('[data-toast]');
  let toastTimer = 0;

  function announce(message: string): void {
    if (!toast) return;
    toast.textContent = message;
    toast.classList.add('is-visible');
    window.clearTimeout(toastTimer);
    toastTimer = window.setTimeout(() => {
      toast.classList.remove('is-visible');
      toast.textContent = '';
    }, MARKER_MS);
  }

  function mark(element: HTMLElement, className: string): void {
    element.classList.add(className);
    window.setTimeout(() => element.classList.remove(className), MARKER_MS);
  }

  // Clicks: copy buttons and the links worth counting, by delegation.
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const copy = target?.closest<HTMLElement>('[data-copy]');
    if (copy) {
      const label = copy.dataset.label ?? '';
      void copyText(copy.dataset.copy ?? '').then((ok) => {
        announce(ok ? text.copiedLabel.replace('{label}', label) : text.copyFailed);
        if (ok) mark(copy, 'is-copied');
      });
      return;
    }
    const tracked = target?.closest<HTMLElement>('[data-track]');
    if (tracked) {
      const platform = tracked.dataset.platform;
      beacon('/api/profile/record-click', {
        profileId: data.profileId,
        cardId: data.cardId,
        clickType: tracked.dataset.track,
        ...(platform ? { platform } : {}),
      });
    }
  });

  // Share: the native sheet, else the link on the clipboard and 'Kopyalandı!' on the button.
  const share = $<HTMLButtonElement>('[data-share]');
  const shareLabel = $<HTMLElement>('[data-share-label]');
  share?.addEventListener('click', () => {
    if (typeof navigator.share === 'function') {
      navigator.share(data.share).catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) debug('share failed', error);
      });
      return;
    }
    void copyText(data.url).then((ok) => {
      if (!shareLabel) return;
      const original = shareLabel.dataset.original ?? shareLabel.textContent ?? '';
      shareLabel.dataset.original = original;
      shareLabel.textContent = ok ? text.copied : text.copyFailed;
      if (ok) announce(text.copiedLabel.replace('{label}', text.linkLabel));
      window.setTimeout(() => (shareLabel.textContent = original), MARKER_MS);
    });
  });

  // Dialogs: the QR code and 'Bilgilerini Paylaş'.
  const tokenForOpening = enhanceLeadForm(data);
  for (const opener of $$<HTMLElement>('[data-open]')) {
    opener.addEventListener('click', () => {
      const dialog = document.getElementById(opener.dataset.open ?? '');
      if (!(dialog instanceof HTMLDialogElement)) return;
      if (dialog.id === 'pc-lead') tokenForOpening();
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    });
  }
  for (const dialog of $$<HTMLDialogElement>('dialog')) {
    for (const closer of $$<HTMLElement>('[data-close]', dialog))
      closer.addEventListener('click', () => dialog.close());
  }
  // A click on the QR dialog's backdrop lands on the dialog element itself.
  const qrDialog = $<HTMLDialogElement>('#pc-qr');
  qrDialog?.addEventListener('click', (event) => {
    if (event.target === qrDialog) qrDialog.close();
  });

  enhanceTabs();
  hideBrokenImages();
  enhanceMap(text);

  whenShown(() =>
    beacon('/api/telemetry/visit', {
      cardId: data.cardId,
      touchPoints: navigator.maxTouchPoints,
      screenWidth: screen.width,
    }),
  );
}

function enhanceTabs(): void {
  const tabs = $$<HTMLButtonElement>('.pc-tablist [role="tab"]');
  const select = (chosen: HTMLButtonElement, focus: boolean) => {
    for (const tab of tabs) {
      const selected = tab === chosen;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    }
    if (focus) chosen.focus();
  };
  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => select(tab, false));
    tab.addEventListener('keydown', (event) => {
      const last = tabs.length - 1;
      const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      const target = tabs[(next + tabs.length) % tabs.length];
      if (target) select(target, true);
    });
  });
}

/** The company logo is optional decoration: a logo that fails to load is hidden (SPEC). */
function hideBrokenImages(): void {
  for (const image of $$<HTMLImageElement>('img[data-hide-on-error]')) {
    const hide = () => (image.hidden = true);
    if (image.complete && image.naturalWidth === 0 && image.currentSrc) hide();
    else image.addEventListener('error', hide, { once: true });
  }
}

function enhanceMap(text: PageData['text']): void {
  const box = $<HTMLElement>('.pc-map');
  const button = $<HTMLButtonElement>('[data-map-load]');
  const status = $<HTMLElement>('[data-map-status]');
  if (!box || !button || !status) return;
  button.addEventListener('click', () => {
    button.disabled = true;
    status.textContent = text.mapLoading;
    const place = { lat: Number(box.dataset.lat), lng: Number(box.dataset.lng) };
    Promise.all([
      fetch('/api/config/public').then((response) =>
        response.ok
          ? (response.json() as Promise<{ mapTileUrl: string; mapAttribution: string; mapAttributionUrl: string }>)
          : Promise.reject(new Error(`config ${response.status}`)),
      ),
      import('./map.ts'),
    ])
      .then(([config, map]) => map.showMap(box, place, config))
      .then(() => {
        status.textContent = '';
        box.classList.add('is-live');
      })
      .catch((error: unknown) => {
        debug('map failed', error);
        box.classList.add('is-failed');
        status.textContent = text.mapFailed;
      });
  });
}

interface Delivery {
  readonly response: Response;
  readonly answer: ServerAnswer;
  /** This page had sent the same token before (e.g. its answer was lost on the way). */
  readonly resent: boolean;
}

const TOKEN_FIELD = 'formToken';

interface TokenAnswer {
  readonly token?: unknown;
  readonly minAgeMs?: unknown;
}

/**
 * Wires 'Bilgilerini Paylaş'; answers what the opener calls to get a token when the dialog opens.
 *
 * The page is the same stored bytes for every visitor, so the form's token is not in it: it is fetched (no-store)
 * when the dialog opens, and is single-use (docs/decisions/0014-leads-hardening.md), so after a lead is stored the
 * script fetches a fresh one for the next. A refused token (expired, used) is met once with a fresh one. It never
 * sends a token sooner than the server takes one, so a person quicker than the rule is never dropped as a bot.
 */
function enhanceLeadForm(data: PageData): () => void {
  const form = $<HTMLFormElement>('#pc-lead-form');
  if (!form) return () => undefined;
  const ok = $<HTMLElement>('[data-form-ok]', form);
  const failure = $<HTMLElement>('[data-form-error]', form);
  const submit = $<HTMLButtonElement>('button[type="submit"]', form);

  let token = { value: '', receivedAt: 0, minAgeMs: 0 };
  const sent = new Set<string>();
  let renewal: Promise<void> | null = null;

  const renew = (): Promise<void> => {
    renewal ??= fetch(`/api/profile/card/${encodeURIComponent(data.cardId)}/form-token`, { cache: 'no-store' })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`form token ${response.status}`))))
      .then((answer: TokenAnswer) => {
        if (typeof answer.token !== 'string') throw new Error('form token missing');
        const minAgeMs = typeof answer.minAgeMs === 'number' ? answer.minAgeMs : 0;
        token = { value: answer.token, receivedAt: Date.now(), minAgeMs };
      })
      .catch((error: unknown) => debug('form token fetch failed', error))
      .finally(() => (renewal = null));
    return renewal;
  };

  const fieldError = (field: string) => $<HTMLElement>(`[data-error-for="${CSS.escape(field)}"]`, form);

  const clearFieldError = (field: string) => {
    const error = fieldError(field);
    const input = form.elements.namedItem(field);
    if (error) {
      error.hidden = true;
      error.textContent = '';
    }
    if (input instanceof HTMLElement) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  };

  const clearMessages = () => {
    for (const error of $$<HTMLElement>('[data-error-for]', form)) clearFieldError(error.dataset.errorFor ?? '');
    if (ok) ok.textContent = '';
    if (failure) failure.textContent = '';
  };

  /** One message, in one place: beside its field (tied to it for screen readers), else under the form. */
  const showError = (message: string, field?: string) => {
    const error = field ? fieldError(field) : null;
    const input = field ? form.elements.namedItem(field) : null;
    if (error && input instanceof HTMLElement) {
      error.textContent = message;
      error.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', error.id);
      input.focus();
    } else if (failure) {
      failure.textContent = message;
    }
  };

  const showSuccess = (message: string) => {
    form.reset();
    if (!ok) return;
    ok.textContent = message;
    // Wherever the visitor had scrolled to (the keyboard, an earlier error at the top), the
    // answer comes into view and takes the focus, so screen readers read it out too.
    ok.focus({ preventScroll: true });
    const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    ok.scrollIntoView({ block: 'center', behavior: calm ? 'auto' : 'smooth' });
  };

  const value = (name: string) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : '';
  };

  const deliver = async (body: object): Promise<Delivery> => {
    if (renewal) await renewal;
    // Opened before the network was back, or the fetch failed: once more now.
    if (!token.value) await renew();
    const wait = token.receivedAt + token.minAgeMs - Date.now();
    if (wait > 0) await new Promise((resolve) => window.setTimeout(resolve, wait));
    const used = token.value;
    const resent = sent.has(used);
    sent.add(used);
    const response = await fetch('/api/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, [TOKEN_FIELD]: used }),
    });
    const answer = (await response.json().catch(() => ({}))) as ServerAnswer;
    return { response, answer, resent };
  };

  const send = async (body: object): Promise<void> => {
    let delivery = await deliver(body);
    // A token this page had not sent was refused (used by an earlier visit to a cached page,
    // expired, issued ahead): once more with a fresh one. One this page had sent was used by that
    // very sending, whose answer got lost: the server's "already sent" is the truth to show.
    const tokenRefused = delivery.answer.field === TOKEN_FIELD && !(delivery.response.status === 409 && delivery.resent);
    if (!delivery.response.ok && tokenRefused) {
      await renew();
      delivery = await deliver(body);
    }
    const { response, answer } = delivery;
    if (response.ok && answer.success) {
      showSuccess(answer.message ?? '');
      void renew();
      return;
    }
    if (answer.field === TOKEN_FIELD) void renew();
    showError(answer.message ?? data.text.leadError, answer.field);
  };

  // An error goes as soon as its field is edited.
  form.addEventListener('input', (event) => {
    const name = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement ? event.target.name : '';
    if (name && fieldError(name)?.hidden === false) clearFieldError(name);
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearMessages();
    const input: LeadInput = {
      fullName: value('fullName'),
      phone: value('phone'),
      email: value('email'),
      message: value('message'),
    };
    // The server's own rules, said the same way, before anything leaves the phone.
    const check = checkLeadForm(input, plausiblePhone);
    if (!check.ok) {
      showError(check.message, check.field);
      return;
    }
    const consent = form.elements.namedItem('marketingConsent');
    const body = {
      cardId: data.cardId,
      ...input,
      marketingConsent: consent instanceof HTMLInputElement && consent.checked,
      website: value('website'),
    };
    if (submit) {
      submit.disabled = true;
      submit.dataset.label ??= submit.textContent ?? '';
      submit.textContent = data.text.sending;
    }
    send(body)
      .catch((error: unknown) => {
        debug('lead failed', error);
        showError(data.text.leadOffline);
      })
      .finally(() => {
        if (!submit) return;
        submit.disabled = false;
        submit.textContent = submit.dataset.label ?? submit.textContent;
      });
  });

  return () => {
    if (!token.value || Date.now() - token.receivedAt > TOKEN_REFRESH_AFTER_MS) void renew();
  };
}

const dataElement = document.getElementById('pc-data');
if (dataElement?.textContent) {
  try {
    const data = JSON.parse(dataElement.textContent) as PageData;
    enhanceCatalogue({ showAll: data.text.catalogueShowAll, showScroller: data.text.catalogueShowScroller });
    enhance(data);
  } catch (error) {
    debug('enhancement failed', error);
  }
}
