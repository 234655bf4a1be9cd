import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetingStreamId, type MeetingsResponse } from '@kartvizit/schemas';
import { rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { meetingsProjection } from '@kartvizit/projector/meeting/meetings-projection';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after, registerOwner, send, type Owner } from './card-fixtures.ts';

/**
 * KVKK (issue 28 item 11, decision 51): what an owner types into a meeting, its title, is sealed under the owner's key
 * like the attendees, so deleting the account erases it; the provider's link too (it can carry the owner's calendar
 * address). A meeting stored before (schema version 1, title and link in plain) still reads and replays as written.
 */
let product: TestProduct;
let owner: Owner;

const TITLE = 'Nişantaşı’ndaki daire için Gülümser Hanım ile görüşme';

beforeAll(async () => {
  product = await startTestProduct();
  owner = await registerOwner(product);
});
afterAll(async () => {
  await product?.close();
});

async function meetings(position?: string) {
  const response = await send(product, 'GET', '/api/meetings', owner.token, undefined, after(position));
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as MeetingsResponse).meetings;
}

describe('a meeting the owner plans', () => {
  it('is stored with its title and attendees sealed, and listed with its title', async () => {
    const made = await send(product, 'POST', '/api/integration/calendar/ics', owner.token, {
      title: TITLE,
      description: 'Gündem: fiyat',
      startTime: '2026-12-01T09:00:00.000Z',
      endTime: '2026-12-01T10:00:00.000Z',
      attendees: 'gulumser@example.com',
    });
    expect(made.statusCode, made.body).toBe(200);
    const position = String(made.headers['x-position'] ?? '');

    const { rows } = await product.pool.query<{ data: string; schema_version: number }>(
      `SELECT data::text AS data, schema_version FROM events WHERE type = 'MeetingScheduled'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.schema_version).toBe(2);
    expect(rows[0]?.data).not.toContain('Nişantaşı');
    expect(rows[0]?.data).not.toContain('gulumser@');
    expect(JSON.parse(rows[0]?.data ?? '{}')).not.toHaveProperty('title');

    expect((await meetings(position)).map((meeting) => meeting.title)).toEqual([TITLE]);
  });
});

describe('a meeting stored before titles were sealed (schema version 1)', () => {
  it('still reads with its title, live and after a replay', async () => {
    const meetingId = randomUUID();
    const sealed = await product.vault.seal(owner.userId, { attendees: ['eski@example.com'] });
    const appended = await product.store.append([
      {
        streamId: meetingStreamId(meetingId),
        expected: 'no_stream',
        events: [
          {
            eventId: randomUUID(),
            type: 'MeetingScheduled',
            schemaVersion: 1,
            data: {
              meetingId,
              ownerId: owner.userId,
              provider: 'zoom',
              title: 'Eski toplantı başlığı',
              startTime: '2026-11-01T09:00:00.000Z',
              endTime: '2026-11-01T10:00:00.000Z',
              link: 'https://zoom.example.test/j/123',
              externalId: '123',
              scheduledAt: '2026-10-30T12:00:00.000Z',
              sealed,
            },
            metadata: {},
          },
        ],
      },
    ]);
    const [recorded] = (await product.store.readStream(meetingStreamId(meetingId))).events;
    expect(await product.codec.decode(recorded!)).toMatchObject({
      forgotten: false,
      data: {
        title: 'Eski toplantı başlığı',
        link: 'https://zoom.example.test/j/123',
        attendees: ['eski@example.com'],
      },
    });
    await product.product.projectors.catchUp();
    const titles = async () => (await meetings()).map((meeting) => meeting.title).sort();
    expect(await titles()).toEqual(['Eski toplantı başlığı', TITLE]);
    expect(appended.streams[0]?.version).toBe(0);

    await rebuildProjection({ pool: product.pool, store: product.store, codec: product.codec }, meetingsProjection);
    expect(await titles()).toEqual(['Eski toplantı başlığı', TITLE]);

    // Once the owner's key is gone, the old event's plain title reads as forgotten too.
    await product.codec.forget(owner.userId);
    expect(await product.codec.decode(recorded!)).toMatchObject({ forgotten: true, data: { title: '', link: '' } });
  });
});
