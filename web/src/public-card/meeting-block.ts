import { nextFullHour } from '@kartvizit/schemas/meeting/time';
import { decodeClaims, isExpired, readToken } from '../features/account/token.ts';
import { debug } from '../shared/debug.ts';
import { downloadFile, errorAnswerOf, fileNameOf, fill, fromLocalInput, toLocalInput } from './meeting-common.ts';
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

interface BlockOptions {
  readonly cardId: string;
  readonly ownerName: string;
  /** The page's language: the invitation's title in it (issue 31). */
  readonly language?: string;
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
    const query = new URLSearchParams({ start: startAt.toISOString(), end: endAt.toISOString(), lang: options.language ?? 'tr' });
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
