import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  type ICalTemporalInstantStub,
  type ICalTemporalPlainDateTimeStub,
  type ICalTemporalZonedDateTimeStub,
} from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { attachmentDisposition, safeFileName } from '../http/attachment.ts';

/**
 * The .ics invitation (issue 15; RFC 5545), written by `ical-generator` (escaping of `,;\` and new lines, folding at
 * 75 octets without splitting a Turkish letter) with the VTIMEZONE of Europe/Istanbul from `@touch4it/ical-timezones`,
 * so DTSTART/DTEND carry `TZID=Europe/Istanbul` and Apple Calendar, Google and Outlook show the same hour.
 * Used by the owner's 'iCal dosyası' (command-api) and the visitor's 'Takvime Ekle' (query-api).
 */
export const ICS_TIME_ZONE = 'Europe/Istanbul';

export interface IcsInvitation {
  /** Globally unique and stable for the meeting: `{meetingId}@{our host}`. */
  readonly uid: string;
  readonly title: string;
  /** '' for none. */
  readonly description: string;
  /** ISO 8601 instants. */
  readonly startTime: string;
  readonly endTime: string;
  /** E-mail addresses; with any, the file is an invitation (METHOD:REQUEST), otherwise an entry (PUBLISH). */
  readonly attendees: readonly string[];
  /** Who invites; null when nobody with an e-mail address can be named (then no ORGANIZER line). */
  readonly organizer: { readonly name: string; readonly email: string } | null;
  /** DTSTAMP: when the file was made. */
  readonly stamp: Date;
}

interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** The instant as a wall clock in `timeZone` reads it (locale-free digits). */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** 'YYYY-MM-DDTHH:mm:ss' of a wall clock, without an offset. */
export function wallClockText(clock: WallClock): string {
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`;
}

/**
 * The instant in a time zone, in the shape ical-generator reads a Temporal.ZonedDateTime: a native Date would be
 * read with the process's own zone's getters, which makes the hour depend on the server's TZ.
 */
function zoned(instant: Date, timeZone: string): ICalTemporalZonedDateTimeStub {
  const clock = wallClock(instant, timeZone);
  const plainText = wallClockText(clock);
  const date = { year: clock.year, month: clock.month, day: clock.day };
  const plain: ICalTemporalPlainDateTimeStub = {
    ...clock,
    toPlainDate: () => ({ ...date, toJSON: () => plainText.slice(0, 10), toString: () => plainText.slice(0, 10) }),
    toZonedDateTime: (zone) => zoned(instant, zone),
    toJSON: () => plainText,
    toString: () => plainText,
  };
  const exact: ICalTemporalInstantStub = {
    epochMilliseconds: instant.getTime(),
    toJSON: () => instant.toISOString(),
    toString: () => instant.toISOString(),
    toZonedDateTimeISO: (zone) => zoned(instant, zone),
  };
  return {
    ...clock,
    timeZoneId: timeZone,
    withTimeZone: (zone) => zoned(instant, zone),
    toPlainDateTime: () => plain,
    toInstant: () => exact,
    toJSON: () => `${plainText}[${timeZone}]`,
    toString: () => `${plainText}[${timeZone}]`,
  };
}

/** The whole file (CRLF lines, UTF-8). */
export function buildIcs(invitation: IcsInvitation): string {
  const invites = invitation.attendees.length > 0 && invitation.organizer !== null;
  const calendar = ical({
    prodId: { company: 'Dijital Kartvizit', product: 'Kartvizit', language: 'TR' },
    method: invites ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.PUBLISH,
  });
  // No calendar-wide zone (its name would make DTSTAMP a local time); the generator adds the VTIMEZONE of the
  // event's zone.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  calendar.createEvent({
    id: invitation.uid,
    stamp: invitation.stamp,
    start: zoned(new Date(invitation.startTime), ICS_TIME_ZONE),
    end: zoned(new Date(invitation.endTime), ICS_TIME_ZONE),
    timezone: ICS_TIME_ZONE,
    summary: invitation.title,
    ...(invitation.description === '' ? {} : { description: invitation.description }),
    ...(invitation.organizer
      ? { organizer: { name: invitation.organizer.name, email: invitation.organizer.email } }
      : {}),
    attendees: invites
      ? invitation.attendees.map((email) => ({
          email,
          rsvp: true,
          role: ICalAttendeeRole.REQ,
          status: ICalAttendeeStatus.NEEDSACTION,
        }))
      : [],
  });
  return calendar.toString();
}

/** '{title}.ics' as people read it: controls and reserved punctuation dropped, at most 100 characters. */
export function icsFileName(title: string): string {
  const base = safeFileName(title.normalize('NFC')).trim().replace(/^\.+/u, '');
  return `${[...base].slice(0, 100).join('').trim() || 'toplanti'}.ics`;
}

/** `attachment` with an ASCII `filename=` and the Turkish `filename*=` (RFC 6266). */
export function icsDisposition(title: string): string {
  return attachmentDisposition(icsFileName(title));
}
