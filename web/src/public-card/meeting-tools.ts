import {
  MEETING_PROVIDER_LABELS as LABELS,
  MEETING_PROVIDER_MESSAGES as PROVIDER,
  MEETING_SCREEN_TEXT as T,
  MEETING_TOAST_MESSAGES as TOAST,
} from '@kartvizit/schemas/meeting/messages';
import {
  CALENDAR_EVENT_FIELDS,
  MEETING_LIMITS,
  ZOOM_MEETING_FIELDS,
  checkCalendarEvent,
  checkCalendlyEventType,
  checkZoomMeeting,
  nextFullHour,
  type CalendarEventFields,
} from '@kartvizit/schemas/meeting/rules';
import { readToken } from '../features/account/token.ts';
import { recordPosition, recordPositionOf } from '../app/write-position.ts';
import { debug } from '../shared/debug.ts';
import { downloadFile, errorAnswerOf, fill, fromLocalInput, toLocalInput } from './meeting-common.ts';
import { formFeedback } from './public-form.ts';

/**
 * The owner's meeting tools on their own card (issue 15; SPEC 'Meeting-planning modals', 'OAuth callback popups',
 * §8 Meetings): 'Takvim Daveti' (Google Calendar, Outlook Calendar or an iCal file), 'Zoom Toplantısı' and 'Calendly
 * Linki'. Loaded only once the owner's session has proved the card is theirs (meeting-block.ts).
 *
 * Each provider action opens the 500×600 popup on /api/integration/oauth/{provider}/start, waits ONCE for the callback
 * page's `{ type: '<provider>_auth', token }` from that very popup on our own origin, and sends the token with the
 * owner's request. The provider's token lives in that one function call: never in storage, never in the page.
 */

type Provider = 'google' | 'microsoft' | 'zoom' | 'calendly';
type Providers = Readonly<Record<Provider, boolean>>;

/** SPEC §9: the sign-in popup. */
const POPUP = { width: 500, height: 600 } as const;
/** How often the page looks whether the popup was closed without an answer. */
const POPUP_WATCH_MS = 300;
const NONE_CONFIGURED: Providers = { google: false, microsoft: false, zoom: false, calendly: false };

export interface MeetingToolsOptions {
  /** The page's toast (the card's main.ts `announce`, the dashboard's sonner), 5 s. */
  readonly announce: (message: string) => void;
  /** A meeting was made (a MeetingScheduled was stored): 'Toplantılar' reads its list again. */
  readonly scheduled?: () => void;
  /** The line above the three buttons; the card page says only its owner sees them (the default). */
  readonly note?: string;
}

/** What mountMeetingTools leaves in the page: `remove()` takes its buttons and dialogs away again. */
export interface MeetingTools {
  remove(): void;
}

// ------------------------------------------------------------------------------------------- small DOM helpers

type Child = Node | string | null;

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, string | boolean>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child !== null) element.append(child);
  return element;
}

/** A labelled control and the place of its error, as the page's own forms have them (formFeedback finds them). */
function field(prefix: string, name: string, label: string, control: HTMLElement, hint?: string): HTMLElement {
  const id = `${prefix}-${name}`;
  control.id = id;
  control.setAttribute('name', name);
  control.classList.add('pc-input');
  const labelElement = h('label', { class: 'pc-field__label', for: id }, label);
  // The hint is part of the label: it stays tied to the field whatever error comes and goes.
  if (hint) labelElement.append(h('span', { class: 'pc-field__hint' }, hint));
  return h(
    'div',
    { class: 'pc-field' },
    labelElement,
    control,
    h('p', { class: 'pc-field__error', id: `${id}-error`, 'data-error-for': name, hidden: true }),
  );
}

function input(attributes: Readonly<Record<string, string | boolean>>): HTMLInputElement {
  return h('input', attributes);
}

/** A dialog like the page's own (labelled by its title, Esc closes it, focus goes to its first field). */
function dialog(id: string, title: string, intro: string): { dialog: HTMLDialogElement; form: HTMLFormElement } {
  const form = h(
    'form',
    { class: 'pc-dialog__body pc-form', id: `${id}-form`, novalidate: true },
    h('h2', { class: 'pc-dialog__title', id: `${id}-heading` }, title),
    h('p', { class: 'pc-muted' }, intro),
  );
  // `pc-dialog` takes the card's look (page.css); `dialog` the dashboard's (shared/ui/dialog.css) in the planner.
  const element = h('dialog', { class: 'pc-dialog dialog', id, 'aria-labelledby': `${id}-heading` }, form);
  document.body.append(element);
  return { dialog: element, form };
}

function button(text: string, kind: 'primary' | 'ghost', attributes: Readonly<Record<string, string>> = {}) {
  return h('button', { type: 'button', class: `pc-btn pc-btn--${kind}`, ...attributes }, text);
}

function closeButton(target: HTMLDialogElement, text: string = T.cancel): HTMLButtonElement {
  const element = button(text, 'ghost');
  element.addEventListener('click', () => target.close());
  return element;
}

/** A result line (label, value, copy button), copied through the page's own `[data-copy]` handling. */
function resultRow(label: string, value: string, link: boolean): HTMLElement {
  const shown = link
    ? h('a', { href: value, target: '_blank', rel: 'noopener noreferrer' }, value)
    : document.createTextNode(value);
  return h(
    'div',
    { class: 'pc-result__row' },
    h(
      'p',
      { class: 'pc-result__text' },
      h('span', { class: 'pc-result__label' }, label),
      h('span', { class: 'pc-result__value' }, shown),
    ),
    button(T.copy, 'ghost', { 'data-copy': value, 'data-label': label, 'aria-label': fill(T.copyLabel, { label }) }),
  );
}

function providerNote(provider: Provider): HTMLElement {
  return h(
    'p',
    { class: 'pc-field__hint' },
    fill(PROVIDER.meetingProviderNotConfigured, { provider: LABELS[provider] }),
  );
}

// ------------------------------------------------------------------------------------------- sign-in and sending

type SignIn = { readonly token: string } | { readonly error: string };

/** The 500×600 popup, centred on this window; null when the browser blocked it. */
function openPopup(provider: Provider): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP.width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP.height) / 2));
  return window.open(
    `/api/integration/oauth/${provider}/start`,
    `kartvizit-${provider}-giris`,
    `width=${POPUP.width},height=${POPUP.height},left=${left},top=${top}`,
  );
}

/**
 * Waits once for the callback page's message: from our own origin, from this very popup, of this provider's type.
 * Anything else (another window's message, another provider's) is ignored; the popup closed first is a cancel.
 */
function waitForSignIn(popup: Window, provider: Provider): Promise<SignIn> {
  const type = `${provider}_auth`;
  return new Promise((resolve) => {
    const finish = (result: SignIn) => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(watch);
      resolve(result);
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const message = event.data;
      if (typeof message !== 'object' || message === null) return;
      const { type: got, token, error } = message as Record<string, unknown>;
      if (got !== type) return;
      if (typeof token === 'string' && token !== '') finish({ token });
      else finish({ error: typeof error === 'string' ? error : 'exchange' });
    };
    window.addEventListener('message', onMessage);
    const watch = window.setInterval(() => {
      if (popup.closed) finish({ error: 'closed' });
    }, POPUP_WATCH_MS);
  });
}

/** What the owner is told when the sign-in gave no token (the callback's error codes, or the popup closed). */
function signInFailure(provider: Provider, error: string): string {
  const values = { provider: LABELS[provider] };
  switch (error) {
    case 'closed':
    case 'access_denied':
      return fill(PROVIDER.oauthCancelled, values);
    case 'state':
      return PROVIDER.oauthStateInvalid;
    case 'not_configured':
      return fill(PROVIDER.meetingProviderNotConfigured, values);
    default:
      return fill(PROVIDER.oauthExchangeFailed, values);
  }
}

interface Answer {
  readonly success?: boolean;
  readonly message?: string;
  readonly field?: string;
  readonly [key: string]: unknown;
}

/** The owner's request with their session (read now, not kept); null when the server could not be reached. */
async function send(path: string, body: object): Promise<{ response: Response; answer: Answer } | null> {
  const session = readToken();
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session}` } : {}) },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as Answer;
    // The 'Toplantılar' screen opened next in this tab reads its list after this write (x-min-position).
    if (response.ok) recordPositionOf(answer);
    return { response, answer };
  } catch (error) {
    debug('meeting request failed', path, error);
    return null;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** One provider button's press, once the modal's own rules have passed. */
interface ProviderCall {
  readonly provider: Provider;
  readonly pressed: HTMLButtonElement;
  readonly state: ReturnType<typeof busyState>;
  readonly feedback: ReturnType<typeof formFeedback>;
  readonly announce: (message: string) => void;
  /** The meeting call, and its body with the token the popup handed over. */
  readonly path: string;
  body(token: string): object;
  /** SPEC §8's failure toast for this call, `{message}`: the server's words or 'Bilinmeyen hata'. */
  readonly failure: string;
  /** The call succeeded: show what it made and say so. */
  succeeded(answer: Answer): void;
}

/**
 * The path every provider button takes: the sign-in popup (opened in the press itself, or the browser blocks it),
 * its token awaited once, the call sent with it, the server's words beside their field and in the failure toast.
 * The token lives in this closure for the one call.
 */
function callWithSignIn(call: ProviderCall): void {
  const popup = openPopup(call.provider);
  if (!popup) return call.announce(PROVIDER.oauthPopupBlocked);
  const done = call.state.start(call.pressed, fill(T.signingIn, { provider: LABELS[call.provider] }));
  void (async () => {
    try {
      const signIn = await waitForSignIn(popup, call.provider);
      if ('error' in signIn) return call.announce(signInFailure(call.provider, signIn.error));
      call.pressed.textContent = T.creating;
      const sent = await send(call.path, call.body(signIn.token));
      if (!sent?.response.ok || sent.answer.success !== true) {
        const reason = sent?.answer.message ?? TOAST.meetingUnknownError;
        if (sent?.answer.field) call.feedback.show(reason, sent.answer.field);
        return call.announce(fill(call.failure, { message: reason }));
      }
      done();
      call.succeeded(sent.answer);
    } finally {
      done();
    }
  })();
}

// ------------------------------------------------------------------------------------------- the tools

/**
 * The three tools in `container`: on the owner's own card (meeting-block.ts) and on the dashboard's 'Toplantılar'
 * (web/src/features/meeting/meeting-planner.tsx), the same code and the same popups in both.
 */
export async function mountMeetingTools(container: HTMLElement, options: MeetingToolsOptions): Promise<MeetingTools> {
  const providers = await fetch('/api/integration/providers', { cache: 'no-store' })
    .then((response) => (response.ok ? (response.json() as Promise<Partial<Providers>>) : NONE_CONFIGURED))
    .then((answer) => ({
      google: answer.google === true,
      microsoft: answer.microsoft === true,
      zoom: answer.zoom === true,
      calendly: answer.calendly === true,
    }))
    .catch((error: unknown) => {
      debug('providers unknown', error);
      return NONE_CONFIGURED;
    });
  const dialogsBefore = new Set(document.querySelectorAll('body > dialog'));
  const tools = [
    [T.calendarInvite, calendarTool(providers, options)],
    [T.zoomMeeting, zoomTool(providers, options)],
    [T.calendlyLink, calendlyTool(providers, options)],
  ] as const;
  const grid = h('div', { class: 'pc-meeting__grid' });
  for (const [label, open] of tools) {
    const opener = button(label, 'ghost', { 'aria-haspopup': 'dialog' });
    opener.addEventListener('click', open);
    grid.append(opener);
  }
  const dialogs = [...document.querySelectorAll('body > dialog')].filter((element) => !dialogsBefore.has(element));
  container.replaceChildren(h('p', { class: 'pc-meeting__note' }, options.note ?? T.ownerTools), grid);
  container.hidden = false;
  return {
    remove() {
      for (const element of dialogs) element.remove();
      container.replaceChildren();
    },
  };
}

/** One press at a time in a dialog: its buttons are held while a popup or a request is under way. */
function busyState(form: HTMLFormElement) {
  let busy = false;
  return {
    get busy() {
      return busy;
    },
    start(pressed: HTMLButtonElement, label: string): () => void {
      busy = true;
      const original = pressed.textContent;
      const held = [...form.querySelectorAll<HTMLButtonElement>('button')].filter((element) => !element.disabled);
      for (const element of held) element.disabled = true;
      pressed.textContent = label;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        busy = false;
        pressed.textContent = original;
        for (const element of held) element.disabled = false;
      };
    },
  };
}

function show(dialogElement: HTMLDialogElement): void {
  if (typeof dialogElement.showModal === 'function') dialogElement.showModal();
  else dialogElement.setAttribute('open', '');
}

function calendarTool(providers: Providers, options: MeetingToolsOptions): () => void {
  const { dialog: element, form } = dialog('pc-meeting-calendar', T.calendarInvite, T.calendarIntro);
  const title = input({ type: 'text', maxlength: String(MEETING_LIMITS.title), autocomplete: 'off' });
  const description = h('textarea', { rows: '3', maxlength: String(MEETING_LIMITS.description) });
  const start = input({ type: 'datetime-local' });
  const end = input({ type: 'datetime-local' });
  const attendees = input({ type: 'text', inputmode: 'email', autocomplete: 'off' });
  const feedback = (() => {
    form.append(
      field('pc-meeting-calendar', 'title', T.title, title),
      field('pc-meeting-calendar', 'description', T.description, description),
      // One under the other: a date and time field does not fit half a phone's width.
      field('pc-meeting-calendar', 'startTime', T.start, start),
      field('pc-meeting-calendar', 'endTime', T.end, end),
      field('pc-meeting-calendar', 'attendees', T.attendees, attendees, T.attendeesHint),
    );
    return formFeedback(form);
  })();
  const actions = h('div', { class: 'pc-meeting__providers' });
  const state = busyState(form);
  let endEdited = false;
  end.addEventListener('input', () => (endEdited = true));
  // Until the end is chosen by hand it follows the start, two hours after it (SPEC 'Meeting-planning modals').
  start.addEventListener('change', () => {
    const at = new Date(fromLocalInput(start.value));
    if (!endEdited && !Number.isNaN(at.getTime())) {
      end.value = toLocalInput(new Date(at.getTime() + MEETING_LIMITS.calendarDefaultHours * 3_600_000));
    }
  });

  const checked = (): CalendarEventFields | null => {
    feedback.clear();
    const check = checkCalendarEvent({
      title: title.value,
      description: description.value,
      startTime: fromLocalInput(start.value),
      endTime: fromLocalInput(end.value),
      attendees: attendees.value,
    });
    if (check.ok) return check.value;
    let first = true;
    for (const name of CALENDAR_EVENT_FIELDS) {
      const message = check.problems[name];
      if (message === undefined) continue;
      feedback.show(message, name, first);
      first = false;
    }
    return null;
  };

  const toProvider = (provider: 'google' | 'microsoft', pressed: HTMLButtonElement) => {
    if (state.busy) return;
    const event = checked();
    if (!event) return;
    callWithSignIn({
      provider,
      pressed,
      state,
      feedback,
      announce: options.announce,
      path: `/api/integration/calendar/${provider === 'google' ? 'google' : 'outlook'}`,
      body: (token) =>
        provider === 'google' ? { ...event, credentials: { access_token: token } } : { ...event, accessToken: token },
      failure: TOAST.meetingCalendarFailed,
      succeeded: () => {
        element.close();
        options.scheduled?.();
        options.announce(provider === 'google' ? TOAST.meetingGoogleCreated : TOAST.meetingOutlookCreated);
      },
    });
  };

  const toIcs = (pressed: HTMLButtonElement) => {
    if (state.busy) return;
    const event = checked();
    if (!event) return;
    const done = state.start(pressed, T.creating);
    const session = readToken();
    fetch('/api/integration/calendar/ics', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session}` } : {}) },
      body: JSON.stringify(event),
    })
      .then(async (response) => {
        if (!response.ok) {
          const answer = await errorAnswerOf(response);
          const reason = answer.message ?? TOAST.meetingUnknownError;
          if (answer.field) feedback.show(reason, answer.field);
          return options.announce(fill(TOAST.meetingIcsFailed, { message: reason }));
        }
        recordPosition(response.headers.get('x-position'));
        // SPEC §7: downloaded as '{title}.ics'.
        downloadFile(await response.blob(), `${event.title}.ics`);
        element.close();
        options.scheduled?.();
        options.announce(TOAST.meetingIcsDownloaded);
      })
      .catch((error: unknown) => {
        debug('ics failed', error);
        options.announce(fill(TOAST.meetingIcsFailed, { message: TOAST.meetingUnknownError }));
      })
      .finally(done);
  };

  for (const provider of ['google', 'microsoft'] as const) {
    const configured = providers[provider];
    const pressed = button(
      configured ? LABELS[provider] : fill(T.notConfigured, { provider: LABELS[provider] }),
      configured ? 'primary' : 'ghost',
    );
    if (configured) pressed.addEventListener('click', () => toProvider(provider, pressed));
    else pressed.disabled = true;
    actions.append(pressed);
  }
  const ics = button(LABELS.ics, 'primary');
  ics.addEventListener('click', () => toIcs(ics));
  actions.append(ics);
  form.append(actions, h('div', { class: 'pc-dialog__actions' }, closeButton(element)));

  return () => {
    feedback.clear();
    const at = nextFullHour(new Date());
    start.value = toLocalInput(at);
    end.value = toLocalInput(new Date(at.getTime() + MEETING_LIMITS.calendarDefaultHours * 3_600_000));
    endEdited = false;
    show(element);
  };
}

/**
 * The rest of a one-provider dialog (Zoom, Calendly) under its fields: where the result goes, the create button
 * (disabled and saying so, with the note, when the provider is not configured here) beside 'Kapat', and the form's
 * feedback and busy state.
 */
function singleProviderForm(
  element: HTMLDialogElement,
  form: HTMLFormElement,
  fields: HTMLElement,
  options: { readonly provider: Provider; readonly configured: boolean; readonly label: string },
) {
  const { provider, configured } = options;
  const result = h('div', { class: 'pc-result', tabindex: '-1', hidden: true });
  const create = button(configured ? options.label : fill(T.notConfigured, { provider: LABELS[provider] }), 'primary');
  const actions = h('div', { class: 'pc-dialog__actions' }, closeButton(element), create);
  form.append(fields, configured ? '' : providerNote(provider), result, actions);
  if (!configured) create.disabled = true;
  return { result, create, actions, feedback: formFeedback(form), state: busyState(form) };
}

function zoomTool(providers: Providers, options: MeetingToolsOptions): () => void {
  const { dialog: element, form } = dialog('pc-meeting-zoom', T.zoomMeeting, T.zoomIntro);
  const topic = input({ type: 'text', maxlength: String(MEETING_LIMITS.title), autocomplete: 'off' });
  const start = input({ type: 'datetime-local' });
  const duration = input({
    type: 'number',
    inputmode: 'numeric',
    min: String(MEETING_LIMITS.zoomMinMinutes),
    max: String(MEETING_LIMITS.zoomMaxMinutes),
    step: String(MEETING_LIMITS.zoomStepMinutes),
  });
  const fields = h(
    'div',
    { class: 'pc-form' },
    field('pc-meeting-zoom', 'topic', T.topic, topic),
    field('pc-meeting-zoom', 'startTime', T.start, start),
    field('pc-meeting-zoom', 'duration', T.durationMinutes, duration),
  );
  const { result, create, actions, feedback, state } = singleProviderForm(element, form, fields, {
    provider: 'zoom',
    configured: providers.zoom,
    label: T.createZoom,
  });

  const showDetails = (answer: Answer) => {
    fields.hidden = true;
    create.hidden = true;
    result.replaceChildren(
      resultRow(T.meetingLink, text(answer.meetingUrl), true),
      resultRow(T.meetingId, text(answer.meetingId), false),
      resultRow(T.password, text(answer.password), false),
    );
    result.hidden = false;
    actions.replaceChildren(closeButton(element, T.close));
    result.focus();
  };

  create.addEventListener('click', () => {
    if (state.busy) return;
    feedback.clear();
    const check = checkZoomMeeting({
      topic: topic.value,
      startTime: fromLocalInput(start.value),
      duration: duration.value,
    });
    if (!check.ok) {
      let first = true;
      for (const name of ZOOM_MEETING_FIELDS) {
        const message = check.problems[name];
        if (message === undefined) continue;
        feedback.show(message, name, first);
        first = false;
      }
      return;
    }
    callWithSignIn({
      provider: 'zoom',
      pressed: create,
      state,
      feedback,
      announce: options.announce,
      path: '/api/integration/meeting/zoom',
      body: (token) => ({ ...check.value, zoomToken: token }),
      failure: TOAST.meetingZoomFailed,
      succeeded: (answer) => {
        showDetails(answer);
        options.scheduled?.();
        options.announce(TOAST.meetingZoomCreated);
      },
    });
  });

  return () => {
    feedback.clear();
    fields.hidden = false;
    create.hidden = false;
    result.hidden = true;
    result.replaceChildren();
    actions.replaceChildren(closeButton(element), create);
    start.value = toLocalInput(nextFullHour(new Date()));
    duration.value = String(MEETING_LIMITS.zoomDefaultMinutes);
    show(element);
  };
}

function calendlyTool(providers: Providers, options: MeetingToolsOptions): () => void {
  const { dialog: element, form } = dialog('pc-meeting-calendly', T.calendlyLink, T.calendlyIntro);
  const eventType = input({ type: 'text', autocomplete: 'off', spellcheck: 'false' });
  const fields = h(
    'div',
    { class: 'pc-form' },
    field('pc-meeting-calendly', 'eventTypeId', T.eventTypeId, eventType, T.eventTypeHint),
  );
  const { result, create, actions, feedback, state } = singleProviderForm(element, form, fields, {
    provider: 'calendly',
    configured: providers.calendly,
    label: T.createCalendly,
  });

  const showLink = (bookingUrl: string) => {
    fields.hidden = true;
    const share = h(
      'a',
      {
        class: 'pc-btn pc-btn--ghost pc-btn--block',
        href: `https://wa.me/?text=${encodeURIComponent(fill(T.whatsappText, { url: bookingUrl }))}`,
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      T.whatsappShare,
    );
    result.replaceChildren(resultRow(T.bookingLink, bookingUrl, true), share);
    result.hidden = false;
    actions.replaceChildren(closeButton(element, T.close));
    result.focus();
  };

  create.addEventListener('click', () => {
    if (state.busy) return;
    feedback.clear();
    const check = checkCalendlyEventType(eventType.value);
    if (!check.ok) {
      feedback.show(check.problems.eventTypeId ?? TOAST.meetingUnknownError, 'eventTypeId');
      return;
    }
    callWithSignIn({
      provider: 'calendly',
      pressed: create,
      state,
      feedback,
      announce: options.announce,
      path: '/api/integration/appointment/calendly',
      body: (token) => ({ eventTypeId: check.value.eventTypeId, calendlyToken: token }),
      failure: TOAST.meetingCalendlyFailed,
      succeeded: (answer) => {
        showLink(text(answer.bookingUrl));
        options.scheduled?.();
        options.announce(TOAST.meetingCalendlyCreated);
      },
    });
  });

  return () => {
    feedback.clear();
    fields.hidden = false;
    result.hidden = true;
    result.replaceChildren();
    actions.replaceChildren(closeButton(element), create);
    show(element);
  };
}
