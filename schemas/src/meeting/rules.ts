import { MEETING_FORM_MESSAGES as M, fillMeetingText } from './messages.ts';
import { LEAD_VALIDATION_MESSAGES } from '../lead/form-messages.ts';
import { normaliseEmail } from '../text.ts';
import { isValidEmail } from '../common/email.ts';
import { hasInvalidCharacters } from '../lead/form-rules.ts';

/**
 * The meeting modals' rules (issue 15; SPEC §8 validation: Calendar, Zoom, Calendly), shared by the modals on the
 * owner's card (a message beside each field before sending) and the command API (which answers the same message and
 * sends the normalised fields to the provider). Free of TypeBox, so the public card's script imports it by sub-path
 * (`@kartvizit/schemas/meeting/rules`).
 *
 * Times travel as ISO 8601 instants WITH an offset or `Z` ('2026-11-24T12:00:00.000Z', what `Date#toISOString` gives
 * the modal from its `datetime-local` fields); a time without one would mean a different moment in every zone, so the
 * server refuses it. The normalised fields carry the instant as `toISOString()` (UTC).
 */

export const MEETING_LIMITS = {
  title: 200,
  description: 2000,
  attendees: 50,
  /** A calendar event may last up to 7 days. */
  eventMs: 7 * 24 * 60 * 60 * 1000,
  /** SPEC §9 Zoom: default 60 min, minimum 15, step 15; at most a day. */
  zoomDefaultMinutes: 60,
  zoomMinMinutes: 15,
  zoomStepMinutes: 15,
  zoomMaxMinutes: 24 * 60,
  /** The calendar modal's default end: two hours after the start (SPEC 'Meeting-planning modals'). */
  calendarDefaultHours: 2,
  eventTypeId: 100,
} as const;

/** An instant: ISO 8601 date and time with seconds optional and a zone (`Z` or ±hh:mm) required. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/u;
/** Calendly's event type id: the UUID in the event type's address (`…/event_types/{id}`), letters, digits, - and _. */
const EVENT_TYPE_ID = /^[A-Za-z0-9_-]+$/u;

export function parseInstant(value: string): Date | null {
  if (!INSTANT.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Attendees as the modal takes them: one text, comma (or semicolon, or new line) separated, each trimmed; or a list. */
export function splitAttendees(raw: string | readonly string[] | null | undefined): string[] {
  const parts = typeof raw === 'string' ? raw.split(/[,;\n]/u) : (raw ?? []);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

function problemsOf<F extends string>() {
  const problems: { [K in F]?: string } = {};
  return {
    problems,
    check: (field: F, problem: () => string | null): void => {
      if (problems[field] !== undefined) return;
      const message = problem();
      if (message !== null) problems[field] = message;
    },
  };
}

function text(value: string | null | undefined, multiLine: boolean): string {
  const trimmed = (value ?? '').normalize('NFC').trim();
  return multiLine ? trimmed.replace(/\r\n?/gu, '\n') : trimmed;
}

function length(value: string): number {
  return [...value].length;
}

// ---------------------------------------------------------------------------------------------- calendar event

export const CALENDAR_EVENT_FIELDS = ['title', 'description', 'startTime', 'endTime', 'attendees'] as const;
export type CalendarEventField = (typeof CALENDAR_EVENT_FIELDS)[number];

export interface CalendarEventInput {
  readonly title?: string | null;
  readonly description?: string | null;
  readonly startTime?: string | null;
  readonly endTime?: string | null;
  readonly attendees?: string | readonly string[] | null;
}

export interface CalendarEventFields {
  readonly title: string;
  /** Empty when none was given. */
  readonly description: string;
  /** UTC instants, `toISOString()`. */
  readonly startTime: string;
  readonly endTime: string;
  /** Trimmed and lower-cased (locale-free), duplicates dropped, in the order typed. */
  readonly attendees: readonly string[];
}

export type MeetingValidation<F extends string, V> =
  { readonly ok: true; readonly value: V } | { readonly ok: false; readonly problems: { readonly [K in F]?: string } };

export function checkCalendarEvent(
  input: CalendarEventInput,
): MeetingValidation<CalendarEventField, CalendarEventFields> {
  const { problems, check } = problemsOf<CalendarEventField>();
  const title = text(input.title, false);
  const description = text(input.description, true);
  check('title', () => {
    if (title === '') return M.meetingTitleRequired;
    if (hasInvalidCharacters(title, false)) return LEAD_VALIDATION_MESSAGES.invalidCharacters('Başlık');
    return length(title) > MEETING_LIMITS.title ? M.meetingTitleTooLong : null;
  });
  check('description', () => {
    if (hasInvalidCharacters(description, true)) return LEAD_VALIDATION_MESSAGES.invalidCharacters('Açıklama');
    return length(description) > MEETING_LIMITS.description ? M.meetingDescriptionTooLong : null;
  });
  const startText = text(input.startTime, false);
  const endText = text(input.endTime, false);
  const start = parseInstant(startText);
  const end = parseInstant(endText);
  check('startTime', () => {
    if (startText === '') return M.meetingStartRequired;
    return start === null ? M.meetingStartInvalid : null;
  });
  check('endTime', () => {
    if (endText === '') return M.meetingEndRequired;
    if (end === null) return M.meetingEndInvalid;
    if (start === null) return null;
    if (end.getTime() <= start.getTime()) return M.meetingEndBeforeStart;
    return end.getTime() - start.getTime() > MEETING_LIMITS.eventMs ? M.meetingTooLong : null;
  });
  const attendees: string[] = [];
  check('attendees', () => {
    const typed = splitAttendees(input.attendees);
    for (const address of typed) {
      const email = normaliseEmail(address);
      if (!isValidEmail(email)) return fillMeetingText(M.meetingAttendeeInvalid, { email: address });
      if (!attendees.includes(email)) attendees.push(email);
    }
    return attendees.length > MEETING_LIMITS.attendees ? M.meetingTooManyAttendees : null;
  });
  if (Object.keys(problems).length > 0 || start === null || end === null) return { ok: false, problems };
  return {
    ok: true,
    value: { title, description, startTime: start.toISOString(), endTime: end.toISOString(), attendees },
  };
}

// ---------------------------------------------------------------------------------------------- Zoom meeting

export const ZOOM_MEETING_FIELDS = ['topic', 'startTime', 'duration'] as const;
export type ZoomMeetingField = (typeof ZOOM_MEETING_FIELDS)[number];

export interface ZoomMeetingInput {
  readonly topic?: string | null;
  readonly startTime?: string | null;
  /** Minutes; the modal's number field may send it as text. */
  readonly duration?: number | string | null;
}

export interface ZoomMeetingFields {
  readonly topic: string;
  readonly startTime: string;
  readonly duration: number;
}

export function checkZoomMeeting(input: ZoomMeetingInput): MeetingValidation<ZoomMeetingField, ZoomMeetingFields> {
  const { problems, check } = problemsOf<ZoomMeetingField>();
  const topic = text(input.topic, false);
  check('topic', () => {
    if (topic === '') return M.meetingTopicRequired;
    if (hasInvalidCharacters(topic, false)) return LEAD_VALIDATION_MESSAGES.invalidCharacters('Konu');
    return length(topic) > MEETING_LIMITS.title ? M.meetingTitleTooLong : null;
  });
  const startText = text(input.startTime, false);
  const start = parseInstant(startText);
  check('startTime', () => {
    if (startText === '') return M.meetingStartRequired;
    return start === null ? M.meetingStartInvalid : null;
  });
  const duration =
    typeof input.duration === 'number'
      ? input.duration
      : input.duration === null || input.duration === undefined || input.duration.trim() === ''
        ? MEETING_LIMITS.zoomDefaultMinutes
        : Number(input.duration.trim());
  check('duration', () => {
    if (!Number.isInteger(duration) || duration < MEETING_LIMITS.zoomMinMinutes) return M.meetingDurationInvalid;
    if (duration % MEETING_LIMITS.zoomStepMinutes !== 0) return M.meetingDurationInvalid;
    return duration > MEETING_LIMITS.zoomMaxMinutes ? M.meetingDurationTooLong : null;
  });
  if (Object.keys(problems).length > 0 || start === null) return { ok: false, problems };
  return { ok: true, value: { topic, startTime: start.toISOString(), duration } };
}

// ---------------------------------------------------------------------------------------------- Calendly link

export type CalendlyLinkField = 'eventTypeId';

/**
 * The event type id as the owner may paste it: the id itself, or the whole `…/event_types/{id}` address (the id is
 * taken from its end).
 */
export function checkCalendlyEventType(
  raw: string | null | undefined,
): MeetingValidation<CalendlyLinkField, { readonly eventTypeId: string }> {
  const typed = text(raw, false);
  if (typed === '') return { ok: false, problems: { eventTypeId: M.meetingEventTypeRequired } };
  const id = typed.replace(/\/+$/u, '').split('/').at(-1) ?? '';
  if (!EVENT_TYPE_ID.test(id) || id.length > MEETING_LIMITS.eventTypeId) {
    return { ok: false, problems: { eventTypeId: M.meetingEventTypeInvalid } };
  }
  return { ok: true, value: { eventTypeId: id } };
}

// ---------------------------------------------------------------------------------------------- modal defaults

export { nextFullHour } from './time.ts';
