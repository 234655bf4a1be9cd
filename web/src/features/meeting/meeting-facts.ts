import { MEETING_PROVIDER_LABELS } from '@kartvizit/schemas/meeting/messages';
import { LOCALE, TIME_ZONE } from '@kartvizit/schemas/constants';
import type { Meeting } from './api.ts';

/** The 'Toplantılar' list's wording per kind: the badge, and what its link opens. */
export const MEETING_LINK_LABELS: Readonly<Record<Meeting['provider'], string | null>> = {
  google: 'Etkinliği Aç',
  microsoft: 'Etkinliği Aç',
  zoom: 'Toplantıya Katıl',
  calendly: 'Randevu Linkini Aç',
  ics: null,
};

export function meetingKindLabel(kind: Meeting['provider']): string {
  return MEETING_PROVIDER_LABELS[kind];
}

const day = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const time = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const dayKey = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * When the meeting is, in Istanbul time, as a person says it: '25 Kasım 2026 Çarşamba, 10:00–12:00' on one day,
 * both days when it spans two; a Calendly link has no time of its own (null: the booker picks one).
 */
export function meetingWhen(meeting: Pick<Meeting, 'startTime' | 'endTime'>): string | null {
  if (meeting.startTime === null) return null;
  const start = new Date(meeting.startTime);
  const startText = `${day.format(start)}, ${time.format(start)}`;
  if (meeting.endTime === null) return startText;
  const end = new Date(meeting.endTime);
  if (dayKey.format(start) === dayKey.format(end)) return `${startText}–${time.format(end)}`;
  return `${startText} – ${day.format(end)}, ${time.format(end)}`;
}

/** Whether the meeting's start is past (a past meeting is shown dimmed). Calendly links never pass. */
export function isPastMeeting(meeting: Pick<Meeting, 'startTime' | 'endTime'>, now: Date): boolean {
  const last = meeting.endTime ?? meeting.startTime;
  return last !== null && new Date(last).getTime() < now.getTime();
}
