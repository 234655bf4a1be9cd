import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { meetingStreamId, type MeetingEvent } from '@kartvizit/schemas';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { projectionSpecification } from '../core/projection-specification.ts';
import { meetingsProjection } from './meetings-projection.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const spec = projectionSpecification(meetingsProjection, {
  pool: () => database.pool,
  streamOf: (event) => meetingStreamId(event.data.meetingId),
});

const MONDAY = '2026-11-23T09:00:00.000Z';
const TUESDAY = '2026-11-24T10:30:00.000Z';

const scheduled = (meetingId: string, ownerId: string, attendees: string[] = ['deniz@example.com']): MeetingEvent => ({
  type: 'MeetingScheduled',
  data: {
    meetingId,
    ownerId,
    provider: 'google',
    title: 'Tanışma',
    startTime: '2026-12-01T07:00:00.000Z',
    endTime: '2026-12-01T08:00:00.000Z',
    link: 'https://www.google.com/calendar/event?eid=abc',
    externalId: 'abc',
    attendees,
    scheduledAt: MONDAY,
  },
});

describe('the meetings projection', () => {
  it('given nothing, when a meeting is scheduled, then its row holds the attendees decrypted', async () => {
    const [meeting, owner] = [randomUUID(), randomUUID()];
    await spec
      .given()
      .when([scheduled(meeting, owner)])
      .then({
        meetings: [
          {
            meeting_id: meeting,
            owner_id: owner,
            provider: 'google',
            title: 'Tanışma',
            start_time: '2026-12-01T07:00:00.000Z',
            end_time: '2026-12-01T08:00:00.000Z',
            link: 'https://www.google.com/calendar/event?eid=abc',
            external_id: 'abc',
            attendees: ['deniz@example.com'],
            scheduled_at: MONDAY,
            last_stream_position: 0,
          },
        ],
      });
  });

  it('given a meeting, when its batch is delivered again, then nothing changes', async () => {
    const [meeting, owner] = [randomUUID(), randomUUID()];
    await spec
      .given([scheduled(meeting, owner)])
      .whenRedelivered()
      .then({ meetings: [{ meeting_id: meeting, attendees: ['deniz@example.com'] }] });
  });

  it('given an owner whose key was forgotten, when their meeting arrives, then it has no attendees rather than failing', async () => {
    const [meeting, owner] = [randomUUID(), randomUUID()];
    await spec
      .given()
      .forget(owner)
      .when([scheduled(meeting, owner)])
      .then({ meetings: [{ meeting_id: meeting, attendees: [] }] });
  });

  it('given two owners’ meetings, when one deletes the account, then only the other’s remain, even after a late one', async () => {
    const [mine, late, theirs, me, them] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await spec
      .given([scheduled(mine, me), scheduled(theirs, them)])
      .when([{ type: 'AccountDeleted', data: { userId: me, deletedAt: TUESDAY } }], [scheduled(late, me)])
      .then({ meetings: [{ meeting_id: theirs, owner_id: them }] });
  });
});
