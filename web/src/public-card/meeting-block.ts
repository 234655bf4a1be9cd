import { nextFullHour } from '@kartvizit/schemas/meeting/time';
import { decodeClaims, isExpired, readToken } from '../features/account/token.ts';
import { debug } from '../shared/debug.ts';
import { formFeedback } from './public-form.ts';

/**
 * 'Toplantı Planla' on the card (issue 15). Every visitor gets 'Takvime Ekle': a time and a length, then the
 * invitation to meet the owner as an .ics file (GET /api/public/cards/{cardId}/meeting.ics). The page is the same
 * cached bytes for everyone (docs/decisions/0020), so the owner's own tools are not in it: when this browser holds a
 * session, the owner-only GET /api/cards/mine/{cardId} says whether the card is its own (another owner's card is a
 * 404), and only then is meeting-tools.ts loaded and shown.
 */

export interface MeetingBlockText {
  readonly icsDownloaded: string;
  readonly icsFailed: string;
  readonly unknownError: string;
  readonly startRequired: string;
  readonly startInvalid: string;
  readonly downloading: string;
  readonly icsName: string;
}

/** SPEC §9: toasts stay 5 s. */
export const MEETING_TOAST_MS = 5000;

const pad = (value: number) => String(value).padStart(2, '0');

/** A `datetime-local` value for a moment, in this browser's own clock ('2026-11-24T15:00'). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A `datetime-local` value as the instant the person meant (their clock), ISO with 'Z'; '' stays ''; anything the
 * browser would not have produced is passed on as typed, so the shared rules name it invalid.
 */
export function fromLocalInput(value: string): string {
  const typed = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?$/u.test(typed)) return typed;
  const date = new Date(typed);
  return Number.isNaN(date.getTime()) ? typed : date.toISOString();
}

/** The name in Content-Disposition (RFC 6266: `filename*` in UTF-8 before the ASCII `filename`), else `fallback`. */
export function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/iu.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed name: the plain one below, or ours.
    }
  }
  return /filename\s*=\s*"([^"]+)"/iu.exec(header)?.[1] ?? fallback;
}

/** Saves `blob` as `name` through a temporary link; nothing is kept after the click. */
export function downloadFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next task.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

interface ErrorAnswer {
  readonly message?: string;
  readonly field?: string;
}

export async function errorAnswerOf(response: Response): Promise<ErrorAnswer> {
  const answer: unknown = await response.json().catch(() => null);
  if (typeof answer !== 'object' || answer === null) return {};
  const { message, field } = answer as Record<string, unknown>;
  return {
    ...(typeof message === 'string' ? { message } : {}),
    ...(typeof field === 'string' ? { field } : {}),
  };
}

export function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/gu, (whole, name: string) => values[name] ?? whole);
}

interface BlockOptions {
  readonly cardId: string;
  readonly ownerName: string;
  readonly text: MeetingBlockText;
  readonly announce: (message: string, ms?: number) => void;
}

/** Wires 'Takvime Ekle'; answers what the opener calls when the dialog opens (it sets the default time). */
export function enhanceMeetingBlock(options: BlockOptions): () => void {
  const form = document.querySelector<HTMLFormElement>('#pc-ics-form');
  const dialog = form?.closest('dialog');
  showOwnerTools(options);
  if (!form || !dialog) return () => undefined;
  const feedback = formFeedback(form);
  const start = form.elements.namedItem('start');
  const duration = form.elements.namedItem('duration');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!(start instanceof HTMLInputElement) || !(duration instanceof HTMLSelectElement)) return () => undefined;
  const { text } = options;
  let sending = false;

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending) return;
    feedback.clear();
    if (start.value.trim() === '') return feedback.show(text.startRequired, 'start');
    const startAt = new Date(fromLocalInput(start.value));
    if (Number.isNaN(startAt.getTime())) return feedback.show(text.startInvalid, 'start');
    const endAt = new Date(startAt.getTime() + Number(duration.value) * 60_000);
    const query = new URLSearchParams({ start: startAt.toISOString(), end: endAt.toISOString() });
    const url = `/api/public/cards/${encodeURIComponent(options.cardId)}/meeting.ics?${query.toString()}`;
    sending = true;
    const label = submit?.textContent ?? '';
    if (submit) {
      submit.disabled = true;
      submit.textContent = text.downloading;
    }
    fetch(url, { cache: 'no-store' })
      .then(async (response) => {
        if (!response.ok) {
          const answer = await errorAnswerOf(response);
          const message = answer.message ?? text.unknownError;
          if (answer.field === 'start' || answer.field === 'end') feedback.show(message, 'start');
          options.announce(fill(text.icsFailed, { message }), MEETING_TOAST_MS);
          return;
        }
        downloadFile(await response.blob(), fileNameOf(response, fill(text.icsName, { name: options.ownerName })));
        dialog.close();
        options.announce(text.icsDownloaded, MEETING_TOAST_MS);
      })
      .catch((error: unknown) => {
        debug('meeting.ics failed', error);
        options.announce(fill(text.icsFailed, { message: text.unknownError }), MEETING_TOAST_MS);
      })
      .finally(() => {
        sending = false;
        if (!submit) return;
        submit.disabled = false;
        submit.textContent = label;
      });
  });

  return () => {
    feedback.clear();
    // SPEC 'Meeting-planning modals': the next full hour unless a time is already chosen.
    if (start.value === '') start.value = toLocalInput(nextFullHour(new Date()));
  };
}

/**
 * The owner's tools, when this browser's session owns the card: its token is read from storage for the one request
 * and not kept; a 401, a 404 (another owner's card) or no network simply leaves the block as every visitor sees it.
 */
function showOwnerTools(options: BlockOptions): void {
  const tools = document.querySelector<HTMLElement>('[data-meeting-tools]');
  const session = readToken();
  if (!tools || !session) return;
  const claims = decodeClaims(session);
  if (!claims || isExpired(claims)) return;
  fetch(`/api/cards/mine/${encodeURIComponent(options.cardId)}`, {
    headers: { authorization: `Bearer ${session}` },
    cache: 'no-store',
  })
    .then(async (response) => {
      if (!response.ok) return;
      const { mountMeetingTools } = await import('./meeting-tools.ts');
      await mountMeetingTools(tools, { announce: (message) => options.announce(message, MEETING_TOAST_MS) });
    })
    .catch((error: unknown) => debug('meeting tools not shown', error));
}
