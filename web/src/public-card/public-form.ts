import { debug } from '../shared/debug.ts';

/**
 * What the card page's two forms share ('Bilgilerini Paylaş' → POST /api/leads, 'Görüşme Planlayın' →
 * POST /api/rems/create-customer): the card's single-use form token and the sending around it, and the messages
 * shown beside each field or under the form.
 */

export interface ServerAnswer {
  readonly success?: boolean;
  readonly message?: string;
  readonly field?: string;
}

export interface Delivery {
  readonly response: Response;
  readonly answer: ServerAnswer;
}

/** A token older than this (a dialog opened in a tab kept since yesterday) is fetched anew on opening. */
const TOKEN_REFRESH_AFTER_MS = 20 * 60 * 60 * 1000;
const TOKEN_FIELD = 'formToken';

interface TokenAnswer {
  readonly token?: unknown;
  readonly minAgeMs?: unknown;
}

/**
 * Sends one form of the card with its token.
 *
 * The page is the same stored bytes for every visitor, so the token is not in it: it is fetched (no-store) when the
 * dialog opens (`opened`), and is single-use (docs/decisions/0014-leads-hardening.md), so after a form is stored a
 * fresh one is fetched for the next. A refused token (expired, used) is met once with a fresh one. It never sends a
 * token sooner than the server takes one, so a person quicker than the rule is never dropped as a bot.
 */
export function formSender(cardId: string, endpoint: string) {
  let token = { value: '', receivedAt: 0, minAgeMs: 0 };
  const sent = new Set<string>();
  let renewal: Promise<void> | null = null;

  const renew = (): Promise<void> => {
    renewal ??= fetch(`/api/profile/card/${encodeURIComponent(cardId)}/form-token`, { cache: 'no-store' })
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

  const deliver = async (body: object): Promise<Delivery & { readonly resent: boolean }> => {
    if (renewal) await renewal;
    // Opened before the network was back, or the fetch failed: once more now.
    if (!token.value) await renew();
    const wait = token.receivedAt + token.minAgeMs - Date.now();
    if (wait > 0) await new Promise((resolve) => window.setTimeout(resolve, wait));
    const used = token.value;
    const resent = sent.has(used);
    sent.add(used);
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, [TOKEN_FIELD]: used }),
    });
    const answer = (await response.json().catch(() => ({}))) as ServerAnswer;
    return { response, answer, resent };
  };

  return {
    /** The dialog opened: a token, unless a fresh one is at hand. */
    opened(): void {
      if (!token.value || Date.now() - token.receivedAt > TOKEN_REFRESH_AFTER_MS) void renew();
    },

    /** The form's answer; rejects only when the server could not be reached. */
    async send(body: object): Promise<Delivery> {
      let delivery = await deliver(body);
      // A token this page had not sent was refused (used by an earlier visit to a cached page, expired, issued
      // ahead): once more with a fresh one. One this page had sent was used by that very sending, whose answer got
      // lost: the server's "already sent" is the truth to show.
      const tokenRefused =
        delivery.answer.field === TOKEN_FIELD && !(delivery.response.status === 409 && delivery.resent);
      if (!delivery.response.ok && tokenRefused) {
        await renew();
        delivery = await deliver(body);
      }
      const { response, answer } = delivery;
      // Stored: the next form needs a token of its own. Refused token: a fresh one for the next try.
      if ((response.ok && answer.success) || answer.field === TOKEN_FIELD) void renew();
      return { response, answer };
    },
  };
}

export type FormSender = ReturnType<typeof formSender>;

/**
 * The sample card's sender (docs/decisions/0048-a-sample-card-that-sells.md): no token, no request; every form that
 * passed the rules is answered with `message`, as if stored. Nothing leaves the page.
 */
export function sampleSender(message: string): FormSender {
  return {
    opened(): void {},
    send: () => Promise.resolve({ response: new Response(null, { status: 200 }), answer: { success: true, message } }),
  };
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isControl = (element: unknown): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

/** A message as the page's language says it (the page's `messages`, issue 31); Turkish pages say it as it comes. */
export type Localise = (message: string) => string;
const asItComes: Localise = (message) => message;

/**
 * The messages of one form: each beside its field (tied to it for screen readers, `[data-error-for]`), or under the
 * form (`[data-form-error]`). An error goes as soon as its field is edited. The shared rules and the server word a
 * problem in Turkish; `localise` says it in the page's language.
 */
export function formFeedback(form: HTMLFormElement, localise: Localise = asItComes) {
  const failure = form.querySelector<HTMLElement>('[data-form-error]');
  const fieldError = (field: string) => form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(field)}"]`);

  const clearField = (field: string) => {
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

  const onEdit = (event: Event) => {
    const name = isControl(event.target) ? event.target.name : '';
    if (name && fieldError(name)?.hidden === false) clearField(name);
  };
  form.addEventListener('input', onEdit);
  form.addEventListener('change', onEdit);

  return {
    clear(): void {
      for (const error of form.querySelectorAll<HTMLElement>('[data-error-for]'))
        clearField(error.dataset.errorFor ?? '');
      if (failure) failure.textContent = '';
    },

    /** Beside its field when the form has it (and the field takes the focus if `focus`), else under the form. */
    show(turkish: string, field?: string, focus = true): void {
      const message = localise(turkish);
      const error = field ? fieldError(field) : null;
      const input = field ? form.elements.namedItem(field) : null;
      if (error && input instanceof HTMLElement && !error.parentElement?.closest('[hidden]')) {
        error.textContent = message;
        error.hidden = false;
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', error.id);
        if (focus) input.focus();
      } else if (failure) {
        failure.textContent = message;
      }
    },

    /** Under the form, whatever the fields say. */
    showForm(message: string): void {
      if (failure) failure.textContent = localise(message);
    },

    value(name: string): string {
      const field = form.elements.namedItem(name);
      return isControl(field) ? field.value : '';
    },
  };
}
