import { describe, it } from 'vitest';
import { MESSAGES, type MeetingEvent } from '@kartvizit/schemas';
import { deciderSpecification } from '@kartvizit/infra/commands/decider-specification';
import { meetingDecider, type MeetingCommand } from './decider.ts';

const spec = deciderSpecification(meetingDecider);
const owner = '5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11';
const meetingId = '0f8fad5b-d9cb-469f-a165-70867728950e';
const now = '2026-11-24T10:30:00.000Z';

const googleEvent = {
  meetingId,
  ownerId: owner,
  provider: 'google' as const,
  title: 'Tanışma toplantısı',
  startTime: '2026-11-25T09:00:00.000Z',
  endTime: '2026-11-25T11:00:00.000Z',
  link: 'https://www.google.com/calendar/event?eid=abc',
  externalId: 'abc123',
  attendees: ['mehmet@example.com'],
};

const schedule = (data: Partial<MeetingCommand['data']> = {}): MeetingCommand => ({
  type: 'ScheduleMeeting',
  data: { ...googleEvent, now, ...data },
});

const scheduled = (data: Partial<Extract<MeetingEvent, { type: 'MeetingScheduled' }>['data']> = {}): MeetingEvent => ({
  type: 'MeetingScheduled',
  data: { ...googleEvent, scheduledAt: now, ...data },
});

describe('the meeting decider', () => {
  it('given no meeting, when the owner schedules one the provider made, then it is recorded with when it was made', () => {
    spec.given().when(schedule()).then([scheduled()]);
  });

  it('given no meeting, when a Calendly link is recorded, then it has no times, no id and no attendees', () => {
    const calendly = {
      provider: 'calendly' as const,
      title: 'Calendly randevu linki',
      startTime: null,
      endTime: null,
      link: 'https://calendly.com/d/abc-def',
      externalId: null,
      attendees: [],
    };
    spec
      .given()
      .when(schedule(calendly))
      .then([scheduled(calendly)]);
  });

  it('given no meeting, when an .ics is recorded, then it has no link', () => {
    const ics = { provider: 'ics' as const, link: null, externalId: null };
    spec
      .given()
      .when(schedule(ics))
      .then([scheduled(ics)]);
  });

  it('given a meeting already on the stream, when the same id is scheduled again, then it is refused as a conflict', () => {
    spec.given([scheduled()]).when(schedule()).thenThrows('conflict', MESSAGES.conflict);
  });
});
