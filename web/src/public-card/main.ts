import { checkLeadForm, plausiblePhone, type LeadInput } from '@kartvizit/schemas/lead/form-rules';
import { beacon, whenShown } from '../shared/beacon.ts';
import { sampleWebVitals } from '../shared/vitals-sampling.ts';
import { enhanceCatalogue } from './catalogue.ts';
import { enhanceMap } from './enhance-location.ts';
import { debug } from '../shared/debug.ts';
import { enhanceMeetingBlock, type MeetingBlockText } from './meeting-block.ts';
import { formFeedback, formSender, sampleSender } from './public-form.ts';
import './page.css';
import './sample.css';

/**
 * The public card page's enhancement script (docs/decisions/0008-public-card.md). The page arrives
 * complete from query-api; this wires up what needs a script: copy buttons, share, the
 * dialogs, the 'Kurumsal Bilgiler' tabs, the on-demand map, the lead form, the on-demand
 * 'Görüşme Planlayın' form (docs/decisions/0037-rems-card-block.md), 'Toplantı Planla' (meeting-block.ts), the
 * beacons, and on a sampled load the Core Web Vitals (docs/decisions/0044-web-vitals.md).
 * No framework: it must cost a phone on a slow network almost nothing.
 */

interface PageData {
  readonly cardId: string;
  readonly profileId: string;
  /** The owner's id when the card shows 'Görüşme Planla' (their REMS key is in force); null otherwise. */
  readonly remsOwnerId: string | null;
  /** The sample card (/p/DEMO): 'Görüşme Planlayın' answers with `remsSampleThanks` and sends nothing. */
  readonly sample?: boolean;
  readonly url: string;
  /** WEB_VITALS_SAMPLE_RATE: the share of loads that measure and send their Core Web Vitals (decision 44). */
  readonly vitalsSampleRate: number;
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
      | 'remsThanks'
      | 'remsError'
      | 'remsInvalid'
      | 'catalogueShowAll'
      | 'catalogueShowScroller'
      | keyof MeetingBlockText,
      string
    >
  > & { readonly remsSampleThanks?: string };
  /** The forms' messages in the page's language, by their Turkish words (issue 31); empty on a Turkish page. */
  readonly messages?: Readonly<Record<string, string>>;
  /** The language the page is shown in. */
  readonly lang?: string;
}

/** What the rules and the server say in Turkish, in the page's language. */
function localiser(data: PageData): (message: string) => string {
  return (message) => data.messages?.[message] ?? message;
}

const MARKER_MS = 2000;
/** SPEC §9: the registration's thanks stay 5 s. */
const THANKS_MS = 5000;

const $ = <T extends Element>(selector: string, root: ParentNode = document) => root.querySelector<T>(selector);
const $$ = <T extends Element>(selector: string, root: ParentNode = document) => [
  ...root.querySelectorAll<T>(selector),
];

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

  function announce(message: string, ms = MARKER_MS): void {
    if (!toast) return;
    // Over an open modal dialog everything else is inert and under its backdrop: the toast goes into the dialog, so it
    // is seen and read out ('Toplantı Planla' says its outcome while its dialog stays open); back to the page after.
    const host = document.querySelector('dialog[open]') ?? document.body;
    if (toast.parentElement !== host) host.append(toast);
    toast.textContent = message;
    toast.classList.add('is-visible');
    window.clearTimeout(toastTimer);
    toastTimer = window.setTimeout(() => {
      toast.classList.remove('is-visible');
      toast.textContent = '';
    }, ms);
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

  // Dialogs: the QR code, 'Bilgilerini Paylaş' and 'Görüşme Planlayın'.
  const onOpening: Readonly<Record<string, () => void>> = {
    'pc-lead': enhanceLeadForm(data, (message) => announce(message, THANKS_MS)),
    'pc-rems': enhanceRemsForm(data, (message) => announce(message, THANKS_MS)),
    'pc-ics': enhanceMeetingBlock({
      cardId: data.cardId,
      ownerName: data.share.title,
      language: data.lang,
      text,
      announce,
    }),
  };
  for (const opener of $$<HTMLElement>('[data-open]')) {
    opener.addEventListener('click', () => {
      const dialog = document.getElementById(opener.dataset.open ?? '');
      if (!(dialog instanceof HTMLDialogElement)) return;
      onOpening[dialog.id]?.();
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
      // The language the page was shown in, counted on /stats (issue 31).
      language: data.lang ?? 'tr',
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

/**
 * Wires 'Bilgilerini Paylaş'; answers what the opener calls when the dialog opens (it fetches the form's token).
 * The sending and the token are formSender's (public-form.ts), shared with 'Görüşme Planlayın', and so is the end of a
 * success: the form is emptied, the dialog closes and the page says the thanks (`done`).
 */
function enhanceLeadForm(data: PageData, done: (message: string) => void): () => void {
  const form = $<HTMLFormElement>('#pc-lead-form');
  const dialog = form?.closest('dialog');
  if (!form || !dialog) return () => undefined;
  const submit = $<HTMLButtonElement>('button[type="submit"]', form);
  const sender = formSender(data.cardId, '/api/leads');
  const localise = localiser(data);
  const feedback = formFeedback(form, localise);

  const showSuccess = (message: string) => {
    form.reset();
    dialog.close();
    if (message) done(message);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    feedback.clear();
    const input: LeadInput = {
      fullName: feedback.value('fullName'),
      phone: feedback.value('phone'),
      email: feedback.value('email'),
      message: feedback.value('message'),
    };
    // The server's own rules, said the same way, before anything leaves the phone.
    const check = checkLeadForm(input, plausiblePhone);
    if (!check.ok) {
      feedback.show(check.message, check.field);
      return;
    }
    const consent = form.elements.namedItem('marketingConsent');
    const body = {
      cardId: data.cardId,
      ...input,
      marketingConsent: consent instanceof HTMLInputElement && consent.checked,
      website: feedback.value('website'),
    };
    if (submit) {
      submit.disabled = true;
      submit.dataset.label ??= submit.textContent ?? '';
      submit.textContent = data.text.sending;
    }
    sender
      .send(body)
      .then(({ response, answer }) => {
        if (response.ok && answer.success) showSuccess(localise(answer.message ?? ''));
        else feedback.show(answer.message ?? data.text.leadError, answer.field);
      })
      .catch((error: unknown) => {
        debug('lead failed', error);
        feedback.show(data.text.leadOffline);
      })
      .finally(() => {
        if (!submit) return;
        submit.disabled = false;
        submit.textContent = submit.dataset.label ?? submit.textContent;
      });
  });

  return () => sender.opened();
}

/**
 * 'Görüşme Planlayın': the form's code, its rules and Türkiye's places come in their own chunk when the dialog first
 * opens (rems-form.ts); the token is fetched at the same moment. Until the chunk is there a submission waits for it
 * (the form is never sent the browser's own way, which would put the visitor's data in the address).
 */
function enhanceRemsForm(data: PageData, done: (message: string) => void): () => void {
  const form = $<HTMLFormElement>('#pc-rems-form');
  const dialog = form?.closest('dialog');
  const ownerId = data.remsOwnerId;
  if (!form || !dialog || !ownerId) return () => undefined;
  // The sample card's form checks what is typed like any card's, then answers without a request: nothing to send to.
  const sender =
    data.sample === true
      ? sampleSender(data.text.remsSampleThanks ?? data.text.remsThanks)
      : formSender(data.cardId, '/api/rems/create-customer');
  let loading: Promise<{ submit(): void }> | null = null;
  const load = () => {
    loading ??= import('./rems-form.ts')
      .then(({ remsForm }) =>
        remsForm(form, {
          cardId: data.cardId,
          ownerId,
          sender,
          text: {
            sending: data.text.sending,
            invalid: data.text.remsInvalid,
            error: data.text.remsError,
            offline: data.text.leadOffline,
          },
          done: (message) => {
            dialog.close();
            done(message ? localiser(data)(message) : data.text.remsThanks);
          },
          localise: localiser(data),
        }),
      )
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };
  const showOffline = (error: unknown) => {
    debug('REMS form could not be loaded', error);
    const failure = $<HTMLElement>('[data-form-error]', form);
    if (failure) failure.textContent = data.text.leadOffline;
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    load().then((controller) => controller.submit(), showOffline);
  });
  return () => {
    sender.opened();
    load().catch(showOffline);
  };
}

const dataElement = document.getElementById('pc-data');
if (dataElement?.textContent) {
  try {
    const data = JSON.parse(dataElement.textContent) as PageData;
    sampleWebVitals(data.vitalsSampleRate, 'card', (error) => debug('web vitals failed', error));
    enhanceCatalogue({ showAll: data.text.catalogueShowAll, showScroller: data.text.catalogueShowScroller });
    // A portfolio's filters (issue 33): a chunk of their own, fetched only by a card that has listings.
    const portfolio = document.querySelector<HTMLFormElement>('[data-cat-filters]');
    if (portfolio) void import('./portfolio.ts').then(({ enhancePortfolio }) => enhancePortfolio(portfolio));
    enhance(data);
  } catch (error) {
    debug('enhancement failed', error);
  }
}
