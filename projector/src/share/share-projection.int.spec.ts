import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { shareStreamId, type ShareEvent } from '@kartvizit/schemas';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { projectionSpecification } from '../core/projection-specification.ts';
import { shareSettingsProjection } from './share-projection.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const spec = projectionSpecification(shareSettingsProjection, {
  pool: () => database.pool,
  streamOf: (event) => shareStreamId(event.data.ownerId),
});

const MONDAY = '2026-11-23T09:00:00.000Z';
const TUESDAY = '2026-11-24T10:30:00.000Z';
const A_MONTH_AFTER_TUESDAY = '2026-12-24T10:30:00.000Z';

const styled = (ownerId: string, foreground: string, background: string, chosenAt = MONDAY): ShareEvent => ({
  type: 'QrStyleChosen',
  data: { ownerId, foreground, background, logo: 'profile', chosenAt },
});
const chosen = (ownerId: string, slug: string, cardId = 'ABC12345', chosenAt = MONDAY): ShareEvent => ({
  type: 'PersonalAddressChosen',
  data: { ownerId, slug, cardId, chosenAt },
});
const left = (ownerId: string, slug: string, cardId = 'ABC12345'): ShareEvent => ({
  type: 'PersonalAddressLeft',
  data: { ownerId, slug, cardId, redirectsUntil: A_MONTH_AFTER_TUESDAY, leftAt: TUESDAY },
});

describe('the share settings projection', () => {
  it('given nothing, when an owner chooses a look twice in one batch, then the row holds the last one, versioned by its time', async () => {
    const ownerId = randomUUID();
    await spec
      .given()
      .when([styled(ownerId, '#1e3a8a', '#ffffff'), styled(ownerId, '#14532d', '#fefce8', TUESDAY)])
      .then({
        share_settings: [
          {
            owner_id: ownerId,
            qr_foreground: '#14532d',
            qr_background: '#fefce8',
            qr_logo: 'profile',
            qr_version: Date.parse(TUESDAY),
            last_stream_position: 1,
          },
        ],
        personal_addresses: [],
      });
  });

  it('given an address, when the owner moves to another, then the old one redirects until its month is over and the new one is current', async () => {
    const ownerId = randomUUID();
    await spec
      .given([chosen(ownerId, 'ayse-yilmaz')])
      .when([left(ownerId, 'ayse-yilmaz'), chosen(ownerId, 'ayse-emlak', 'XYZ98765', TUESDAY)])
      .then({
        share_settings: [],
        personal_addresses: [
          {
            owner_id: ownerId,
            slug: 'ayse-emlak',
            card_id: 'XYZ98765',
            redirects_until: null,
            last_stream_position: 2,
          },
          {
            owner_id: ownerId,
            slug: 'ayse-yilmaz',
            card_id: 'ABC12345',
            redirects_until: A_MONTH_AFTER_TUESDAY,
            last_stream_position: 1,
          },
        ],
      });
  });

  it('given an address left, when the owner takes it back, then it is current again', async () => {
    const ownerId = randomUUID();
    await spec
      .given([chosen(ownerId, 'ayse-yilmaz'), left(ownerId, 'ayse-yilmaz')])
      .when([chosen(ownerId, 'ayse-yilmaz', 'ABC12345', TUESDAY)])
      .then({
        share_settings: [],
        personal_addresses: [
          {
            owner_id: ownerId,
            slug: 'ayse-yilmaz',
            card_id: 'ABC12345',
            redirects_until: null,
            last_stream_position: 2,
          },
        ],
      });
  });

  it('given an owner whose key is destroyed, when their sealed address arrives, then no row names it', async () => {
    const ownerId = randomUUID();
    await spec
      .given()
      .forget(ownerId)
      .when([chosen(ownerId, 'ayse-yilmaz')])
      .then({ share_settings: [], personal_addresses: [] });
  });
});
