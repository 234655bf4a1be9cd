/**
 * The four meeting providers' APIs (issue 15; docs/decisions/0039-meeting-providers.md), one small client each:
 * Google Calendar, Microsoft Graph (Outlook), Zoom and Calendly. Everything provider-specific about the wire (paths,
 * request shapes, where each puts its id, link and error words) lives here so it can change in one place.
 *
 * Nothing here throws for what the provider or the network does: every answer becomes an outcome the route switches
 * on. The owner's access token is a secret: it goes into the Authorization header and nowhere else (no outcome or
 * error carries it; the provider's own words are scrubbed of it before anyone sees them).
 */

import type { CalendarEventFields, ZoomMeetingFields } from '@kartvizit/schemas/meeting/rules';
import { cleanRemsText, failureReason, isRecord, MALFORMED, readJson } from '../rems/client.ts';
import type { MeetingProviderSettings } from './settings.ts';
import { wallClock, wallClockText } from './ics.ts';

/** The product's meetings live in Türkiye: every provider is told the time zone. */
export const MEETING_TIME_ZONE = 'Europe/Istanbul';
export const MEETING_API_DEFAULT_TIMEOUT_MS = 10_000;
/** The provider's words are shown to the owner: at most this many characters. */
export const PROVIDER_MESSAGE_MAX_LENGTH = 300;
const USER_AGENT = 'DijitalKartvizit/0.1';
/** What may go into a header value as it is: visible ASCII. */
const HEADER_TOKEN = /^[\x21-\x7e]{1,8192}$/u;
const ID_MAX_LENGTH = 1024;
const LINK_MAX_LENGTH = 2048;

export type ProviderOutcome<T> =
  | { readonly kind: 'created'; readonly value: T }
  /** The provider refused the token (401), or it could not even be sent: the owner signs in again. */
  | { readonly kind: 'unauthorized' }
  /**
   * Any other answer than success: its status and the provider's own words, cleaned (null when it gave none). A
   * success whose body is not what the provider documents is rejected too (its status, no words).
   */
  | { readonly kind: 'rejected'; readonly status: number; readonly message: string | null }
  /** Calendly answered 404 for the event type: not there, or not the signed-in account's. */
  | { readonly kind: 'not_found' }
  /** No answer: `timeout`, the socket's error code, or `network_error`. */
  | { readonly kind: 'unreachable'; readonly reason: string };

export interface CalendarEventCreated {
  readonly eventId: string;
  readonly eventUrl: string;
}

export interface ZoomMeetingCreated {
  readonly meetingId: string;
  readonly meetingUrl: string;
  /** '' when the meeting has no passcode. */
  readonly password: string;
}

export interface CalendlyLinkCreated {
  readonly bookingUrl: string;
}

type Answer =
  | { readonly ok: true; readonly status: number; readonly body: unknown }
  | { readonly ok: false; readonly reason: string };

async function post(settings: MeetingProviderSettings, path: string, token: string, json: unknown): Promise<Answer> {
  const signal = AbortSignal.timeout(settings.timeoutMs ?? MEETING_API_DEFAULT_TIMEOUT_MS);
  try {
    const response = await fetch(`${settings.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
      },
      body: JSON.stringify(json),
      signal,
      // A redirect is a misconfigured API address: not followed (the token would go along).
      redirect: 'manual',
    });
    const body = await readJson(response);
    return { ok: true, status: response.status, body: body === MALFORMED ? null : body };
  } catch (error) {
    return { ok: false, reason: failureReason(error) };
  }
}

function text(value: unknown, maxLength: number): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.length > maxLength || /\p{Cc}/u.test(trimmed) ? null : trimmed;
}

/** A link the screens may open: http(s) only, never a `javascript:` the provider (or a proxy) slipped in. */
function link(value: unknown): string | null {
  const candidate = text(value, LINK_MAX_LENGTH);
  if (candidate === null) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Where each provider puts its readable words in an error body. */
type WordsOf = (body: Record<string, unknown>) => string | null;

const googleOrGraphWords: WordsOf = (body) =>
  isRecord(body.error) && typeof body.error.message === 'string' ? body.error.message : null;

const zoomWords: WordsOf = (body) => (typeof body.message === 'string' ? body.message : null);

const calendlyWords: WordsOf = (body) => {
  const details = Array.isArray(body.details)
    ? body.details
        .filter(isRecord)
        .map((detail) =>
          [detail.parameter, detail.message].filter((part): part is string => typeof part === 'string').join(' '),
        )
        .filter((detail) => detail !== '')
    : [];
  const head = typeof body.message === 'string' ? body.message : typeof body.title === 'string' ? body.title : null;
  if (details.length === 0) return head;
  return head === null ? details.join('; ') : `${head}: ${details.join('; ')}`;
};

/** The outcome of an answer that is not a success we can read. */
function failure<T>(answer: Answer, token: string, words: WordsOf): ProviderOutcome<T> {
  if (!answer.ok) return { kind: 'unreachable', reason: answer.reason };
  if (answer.status === 401) return { kind: 'unauthorized' };
  const said = isRecord(answer.body) ? words(answer.body) : null;
  return {
    kind: 'rejected',
    status: answer.status,
    message: said === null ? null : cleanRemsText(said, PROVIDER_MESSAGE_MAX_LENGTH, [token]),
  };
}

function succeeded(answer: Answer): answer is { readonly ok: true; readonly status: number; readonly body: unknown } {
  return answer.ok && answer.status >= 200 && answer.status < 300;
}

/** An answer of success whose body we cannot read: the provider's status, no words. */
function unreadable<T>(answer: { readonly status: number }): ProviderOutcome<T> {
  return { kind: 'rejected', status: answer.status, message: null };
}

/** 'YYYY-MM-DDTHH:mm:ss' in Istanbul's wall time, without an offset (Microsoft Graph's dateTimeTimeZone). */
export function istanbulWallTime(instant: string): string {
  return wallClockText(wallClock(new Date(instant), MEETING_TIME_ZONE));
}

/** 'yyyy-MM-ddTHH:mm:ssZ' (UTC, no fraction), as Zoom documents `start_time`. */
export function zoomStartTime(instant: string): string {
  return new Date(instant).toISOString().replace(/\.\d{3}Z$/u, 'Z');
}

/** Google Calendar: `POST {api}/calendar/v3/calendars/primary/events` → `id`, `htmlLink`. */
export async function createGoogleEvent(
  settings: MeetingProviderSettings,
  token: string,
  event: CalendarEventFields,
): Promise<ProviderOutcome<CalendarEventCreated>> {
  if (!HEADER_TOKEN.test(token)) return { kind: 'unauthorized' };
  const answer = await post(settings, '/calendar/v3/calendars/primary/events', token, {
    summary: event.title,
    description: event.description,
    start: { dateTime: event.startTime, timeZone: MEETING_TIME_ZONE },
    end: { dateTime: event.endTime, timeZone: MEETING_TIME_ZONE },
    attendees: event.attendees.map((email) => ({ email })),
  });
  if (!succeeded(answer)) return failure(answer, token, googleOrGraphWords);
  const body = isRecord(answer.body) ? answer.body : {};
  const eventId = text(body.id, ID_MAX_LENGTH);
  const eventUrl = link(body.htmlLink);
  if (eventId === null || eventUrl === null) return unreadable(answer);
  return { kind: 'created', value: { eventId, eventUrl } };
}

/** Outlook (Microsoft Graph): `POST {api}/v1.0/me/events` → `id`, `webLink`. */
export async function createOutlookEvent(
  settings: MeetingProviderSettings,
  token: string,
  event: CalendarEventFields,
): Promise<ProviderOutcome<CalendarEventCreated>> {
  if (!HEADER_TOKEN.test(token)) return { kind: 'unauthorized' };
  const answer = await post(settings, '/v1.0/me/events', token, {
    subject: event.title,
    body: { contentType: 'text', content: event.description },
    start: { dateTime: istanbulWallTime(event.startTime), timeZone: MEETING_TIME_ZONE },
    end: { dateTime: istanbulWallTime(event.endTime), timeZone: MEETING_TIME_ZONE },
    attendees: event.attendees.map((address) => ({ emailAddress: { address }, type: 'required' })),
  });
  if (!succeeded(answer)) return failure(answer, token, googleOrGraphWords);
  const body = isRecord(answer.body) ? answer.body : {};
  const eventId = text(body.id, ID_MAX_LENGTH);
  const eventUrl = link(body.webLink);
  if (eventId === null || eventUrl === null) return unreadable(answer);
  return { kind: 'created', value: { eventId, eventUrl } };
}

/** Zoom: `POST {api}/v2/users/me/meetings` (a scheduled meeting, type 2) → `id` (a number: kept as text), `join_url`, `password`. */
export async function createZoomMeeting(
  settings: MeetingProviderSettings,
  token: string,
  meeting: ZoomMeetingFields,
): Promise<ProviderOutcome<ZoomMeetingCreated>> {
  if (!HEADER_TOKEN.test(token)) return { kind: 'unauthorized' };
  const answer = await post(settings, '/v2/users/me/meetings', token, {
    topic: meeting.topic,
    type: 2,
    start_time: zoomStartTime(meeting.startTime),
    duration: meeting.duration,
    timezone: MEETING_TIME_ZONE,
  });
  if (!succeeded(answer)) return failure(answer, token, zoomWords);
  const body = isRecord(answer.body) ? answer.body : {};
  const meetingId = text(body.id, ID_MAX_LENGTH);
  const meetingUrl = link(body.join_url);
  const password = body.password === undefined || body.password === null ? '' : text(body.password, 200);
  if (meetingId === null || meetingUrl === null || password === null) return unreadable(answer);
  return { kind: 'created', value: { meetingId, meetingUrl, password } };
}

/**
 * Calendly: `POST {api}/scheduling_links` for one booking (`max_event_count: 1`) of the owner's event type →
 * `resource.booking_url`. A 404 means the event type is not there (or not the signed-in account's).
 */
export async function createCalendlyLink(
  settings: MeetingProviderSettings,
  token: string,
  eventTypeId: string,
): Promise<ProviderOutcome<CalendlyLinkCreated>> {
  if (!HEADER_TOKEN.test(token)) return { kind: 'unauthorized' };
  const answer = await post(settings, '/scheduling_links', token, {
    max_event_count: 1,
    owner: `${settings.apiUrl}/event_types/${encodeURIComponent(eventTypeId)}`,
    owner_type: 'EventType',
  });
  if (answer.ok && answer.status === 404) return { kind: 'not_found' };
  if (!succeeded(answer)) return failure(answer, token, calendlyWords);
  const resource = isRecord(answer.body) && isRecord(answer.body.resource) ? answer.body.resource : {};
  const bookingUrl = link(resource.booking_url);
  if (bookingUrl === null) return unreadable(answer);
  return { kind: 'created', value: { bookingUrl } };
}
