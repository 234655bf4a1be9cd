import type { EventRegistry } from '../common/event-type-info.ts';

/** Where a meeting was made: one of the four provider APIs, or an .ics file the owner downloaded. */
export const MEETING_KINDS = ['google', 'microsoft', 'zoom', 'calendly', 'ics'] as const;
export type MeetingKind = (typeof MEETING_KINDS)[number];

/**
 * The owner made a meeting with one of the meeting-planning modals (issue 15; SPEC §7 Meeting integrations): a
 * Google or Outlook calendar event, a Zoom meeting, a Calendly booking link, or an .ics invitation. One stream per
 * meeting (`meeting-{meetingId}`), written only after the provider said yes; it feeds the 'Toplantılar' list.
 *
 * The provider's access token is never part of it (nor of anything stored): the owner's browser sends it with the
 * request and the server forgets it after the call. What the owner typed (the title) and what names people (the
 * attendees' addresses; the provider's link, which can carry the owner's calendar address or Calendly name) are
 * sealed under the owner's key (ownerField 'ownerId'), so deleting the account erases them. Version 1 sealed only the
 * attendees: its title and link stay in plain in the events it wrote and read as written (decision 51).
 */
export interface MeetingScheduled {
  readonly type: 'MeetingScheduled';
  readonly data: {
    /** Ours (a UUID), not the provider's. */
    readonly meetingId: string;
    readonly ownerId: string;
    readonly provider: MeetingKind;
    /** Sealed (from version 2). The event's title, the Zoom topic; for Calendly the words 'Calendly randevu linki'. */
    readonly title: string;
    /** UTC instants (`toISOString()`); a Calendly link has no time of its own: null. */
    readonly startTime: string | null;
    readonly endTime: string | null;
    /** Sealed (from version 2). The provider's page of the meeting (htmlLink, webLink, join_url, booking_url); null for an .ics. */
    readonly link: string | null;
    /** The provider's id of what it made (event id, Zoom meeting id as text); null for Calendly and .ics. */
    readonly externalId: string | null;
    /** Sealed. Trimmed, lower-cased e-mail addresses, as the shared rules normalised them; [] for none. */
    readonly attendees: readonly string[];
    readonly scheduledAt: string;
  };
}

export type MeetingEvent = MeetingScheduled;

export function meetingStreamId(meetingId: string): string {
  return `meeting-${meetingId}`;
}

export const MEETING_EVENT_TYPES: EventRegistry<MeetingEvent> = {
  MeetingScheduled: { schemaVersion: 2, ownerField: 'ownerId', personalFields: ['attendees', 'title', 'link'] },
};
