import { Type, type Static } from 'typebox';
import { MEETING_LIMITS } from './rules.ts';
import { Position } from '../common/http.ts';

/**
 * The meeting-planning calls of the owner (SPEC §7 Meeting integrations, issue 15). The bodies are loose on purpose:
 * lengths only bound the work (4× the rule's) and empty or missing fields pass, so the shared rules of
 * validation/meeting.ts answer the modal's own Turkish message per field. The provider tokens travel in the body,
 * are sent to the provider once, and are never stored, logged or answered.
 */

/** Text or null, as a form sends a field it left empty. */
const OptionalText = (maxLength: number, description?: string) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()], description ? { description } : {}));

/** An OAuth access token as the popup handed it over: opaque, at most 8 KB (Microsoft's JWTs are a few KB). */
export const MEETING_TOKEN_MAX_LENGTH = 8192;
const Token = (description: string) => OptionalText(MEETING_TOKEN_MAX_LENGTH, description);

const ATTENDEE_MAX_LENGTH = 320;

const CalendarEventFields = {
  title: OptionalText(MEETING_LIMITS.title * 4),
  description: OptionalText(MEETING_LIMITS.description * 4),
  startTime: OptionalText(64, 'ISO 8601 instant with a zone, e.g. 2026-11-24T12:00:00.000Z'),
  endTime: OptionalText(64, 'ISO 8601 instant with a zone'),
  attendees: Type.Optional(
    Type.Union(
      [
        Type.String({ maxLength: MEETING_LIMITS.attendees * 4 * ATTENDEE_MAX_LENGTH }),
        Type.Array(Type.String({ maxLength: ATTENDEE_MAX_LENGTH }), { maxItems: MEETING_LIMITS.attendees * 4 }),
        Type.Null(),
      ],
      { description: 'E-mail addresses: a list, or one text separated by commas.' },
    ),
  ),
};

/** `POST /api/integration/calendar/google`. */
export const GoogleCalendarEventBody = Type.Object(
  {
    ...CalendarEventFields,
    credentials: Type.Optional(
      Type.Union([
        Type.Object(
          { access_token: Token('The Google access token from the sign-in popup.') },
          { additionalProperties: false },
        ),
        Type.Null(),
      ]),
    ),
  },
  { additionalProperties: false },
);
export type GoogleCalendarEventBody = Static<typeof GoogleCalendarEventBody>;

/** `POST /api/integration/calendar/outlook`. */
export const OutlookCalendarEventBody = Type.Object(
  { ...CalendarEventFields, accessToken: Token('The Microsoft access token from the sign-in popup.') },
  { additionalProperties: false },
);
export type OutlookCalendarEventBody = Static<typeof OutlookCalendarEventBody>;

/** `POST /api/integration/calendar/ics`: the organizer defaults to the owner (profile name, account e-mail). */
export const IcsCalendarEventBody = Type.Object(
  {
    ...CalendarEventFields,
    organizer: Type.Optional(
      Type.Union([
        Type.Object(
          { name: OptionalText(MEETING_LIMITS.title * 4), email: OptionalText(ATTENDEE_MAX_LENGTH) },
          { additionalProperties: false },
        ),
        Type.Null(),
      ]),
    ),
  },
  { additionalProperties: false },
);
export type IcsCalendarEventBody = Static<typeof IcsCalendarEventBody>;

/** `POST /api/integration/meeting/zoom`. */
export const ZoomMeetingBody = Type.Object(
  {
    topic: OptionalText(MEETING_LIMITS.title * 4),
    startTime: OptionalText(64, 'ISO 8601 instant with a zone'),
    duration: Type.Optional(
      Type.Union([Type.Number(), Type.String({ maxLength: 16 }), Type.Null()], {
        description: 'Minutes: at least 15, a multiple of 15 (default 60).',
      }),
    ),
    zoomToken: Token('The Zoom access token from the sign-in popup.'),
  },
  { additionalProperties: false },
);
export type ZoomMeetingBody = Static<typeof ZoomMeetingBody>;

/** `POST /api/integration/appointment/calendly`. */
export const CalendlyLinkBody = Type.Object(
  {
    eventTypeId: OptionalText(MEETING_LIMITS.eventTypeId * 4, "The event type's id, or its whole address."),
    calendlyToken: Token('The Calendly access token from the sign-in popup.'),
  },
  { additionalProperties: false },
);
export type CalendlyLinkBody = Static<typeof CalendlyLinkBody>;

/** Google and Outlook: `meetingId` is ours (the 'Toplantılar' list), `eventId`/`eventUrl` the provider's. */
export const CalendarEventCreatedResponse = Type.Object({
  success: Type.Literal(true),
  meetingId: Type.String(),
  eventId: Type.String(),
  eventUrl: Type.String(),
  position: Position,
});
export type CalendarEventCreatedResponse = Static<typeof CalendarEventCreatedResponse>;

/** Zoom: `meetingId` is Zoom's id, as text (SPEC §3). */
export const ZoomMeetingCreatedResponse = Type.Object({
  success: Type.Literal(true),
  meetingUrl: Type.String(),
  meetingId: Type.String(),
  password: Type.String(),
  position: Position,
});
export type ZoomMeetingCreatedResponse = Static<typeof ZoomMeetingCreatedResponse>;

export const CalendlyLinkCreatedResponse = Type.Object({
  success: Type.Literal(true),
  bookingUrl: Type.String(),
  position: Position,
});
export type CalendlyLinkCreatedResponse = Static<typeof CalendlyLinkCreatedResponse>;

/** One row of 'Toplantılar' (`GET /api/meetings`); `provider` is a MeetingKind (events/meeting.ts). */
export const MeetingListItem = Type.Object({
  meetingId: Type.String(),
  provider: Type.Union([
    Type.Literal('google'),
    Type.Literal('microsoft'),
    Type.Literal('zoom'),
    Type.Literal('calendly'),
    Type.Literal('ics'),
  ]),
  title: Type.String(),
  /** ISO 8601 (UTC); null for a Calendly link. */
  startTime: Type.Union([Type.String(), Type.Null()]),
  endTime: Type.Union([Type.String(), Type.Null()]),
  /** The provider's page of it; null for an .ics. */
  link: Type.Union([Type.String(), Type.Null()]),
  attendees: Type.Array(Type.String()),
  scheduledAt: Type.String(),
});
export type MeetingListItem = Static<typeof MeetingListItem>;

/** `GET /api/meetings`: the owner's meetings, newest first (at most MEETINGS_LIST_LIMIT). */
export const MeetingsResponse = Type.Object({ success: Type.Literal(true), meetings: Type.Array(MeetingListItem) });
export type MeetingsResponse = Static<typeof MeetingsResponse>;
export const MEETINGS_LIST_LIMIT = 100;

/** `GET /api/public/cards/{cardId}/meeting.ics?start&end`: the visitor's 'Takvime Ekle'. */
export const PublicMeetingIcsQuery = Type.Object(
  {
    start: Type.Optional(Type.String({ maxLength: 64 })),
    end: Type.Optional(Type.String({ maxLength: 64 })),
    /** The language of the card page (issue 31): the event's title in it; anything else, Turkish. */
    lang: Type.Optional(Type.String({ maxLength: 8 })),
  },
  { additionalProperties: true },
);
export type PublicMeetingIcsQuery = Static<typeof PublicMeetingIcsQuery>;
