import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { cardStreamId, type CardEvent } from '@kartvizit/schemas';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { projectionSpecification } from '../core/projection-specification.ts';
import { cardsProjection } from './cards-projection.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const spec = projectionSpecification(cardsProjection, {
  pool: () => database.pool,
  streamOf: (event) => cardStreamId(event.data.cardId),
});

const cardId = 'KV-7Q2M4X';
const ayse = randomUUID();
const bora = randomUUID();
const provisioned: CardEvent = {
  type: 'CardProvisioned',
  data: { cardId, type: 'pro', color: 'gold', batchId: 'B-2026-01', provisionedAt: '2026-01-02T08:00:00.000Z' },
};
const activated = (ownerId: string, name: string, activatedAt: string): CardEvent => ({
  type: 'CardActivated',
  data: { cardId, ownerId, name, activatedAt },
});
const deactivated = (ownerId: string, at: string): CardEvent => ({
  type: 'CardDeactivated',
  data: { cardId, ownerId, at },
});
const reactivated = (ownerId: string, at: string): CardEvent => ({
  type: 'CardReactivated',
  data: { cardId, ownerId, at },
});
const qrRegenerated = (ownerId: string, qrVersion: number, at: string): CardEvent => ({
  type: 'CardQrRegenerated',
  data: { cardId, ownerId, qrVersion, at },
});

describe('the cards projection', () => {
  it('a physical card: provisioned, then activated by its owner, who enters it in their list', async () => {
    await spec
      .given([provisioned])
      .when([activated(ayse, 'İş kartım', '2026-01-10T12:00:00.000Z')])
      .then({
        cards: [
          {
            card_id: cardId,
            type: 'pro',
            color: 'gold',
            owner_id: ayse,
            name: 'İş kartım',
            batch_id: 'B-2026-01',
            is_activated: true,
            is_active: true,
            activated_at: '2026-01-10T12:00:00.000Z',
            qr_version: 1,
            created_at: '2026-01-02T08:00:00.000Z',
            owned_at: '2026-01-10T12:00:00.000Z',
            last_stream_position: 1,
          },
        ],
        card_history: [
          { card_id: cardId, stream_position: 0, type: 'provisioned', at: '2026-01-02T08:00:00.000Z' },
          { card_id: cardId, stream_position: 1, type: 'activated', at: '2026-01-10T12:00:00.000Z' },
        ],
      });
  });

  it('a virtual card is in its owner list from creation on', async () => {
    await spec
      .given()
      .when([
        {
          type: 'VirtualCardCreated',
          data: { cardId, ownerId: ayse, name: 'Sanal', color: 'black', createdAt: '2026-01-03T08:00:00.000Z' },
        },
      ])
      .then({
        cards: [
          {
            type: 'virtual',
            owner_id: ayse,
            is_activated: false,
            is_active: false,
            qr_version: 1,
            owned_at: '2026-01-03T08:00:00.000Z',
          },
        ],
        card_history: [{ stream_position: 0, type: 'created' }],
      });
  });

  it('a batch that only switches the card off and on keeps what earlier batches wrote', async () => {
    await spec
      .given([provisioned], [activated(ayse, 'İş kartım', '2026-01-10T12:00:00.000Z')])
      .when(
        [deactivated(ayse, '2026-02-01T00:00:00.000Z')],
        [reactivated(ayse, '2026-02-02T00:00:00.000Z'), deactivated(ayse, '2026-02-03T00:00:00.000Z')],
      )
      .then({
        cards: [
          {
            type: 'pro',
            owner_id: ayse,
            name: 'İş kartım',
            is_activated: true,
            is_active: false,
            last_stream_position: 4,
          },
        ],
        card_history: [
          { stream_position: 0, type: 'provisioned' },
          { stream_position: 1, type: 'activated' },
          { stream_position: 2, type: 'deactivated' },
          { stream_position: 3, type: 'reactivated' },
          { stream_position: 4, type: 'deactivated' },
        ],
      });
  });

  it('the QR version only goes up', async () => {
    await spec
      .given([
        provisioned,
        activated(ayse, 'İş kartım', '2026-01-10T12:00:00.000Z'),
        qrRegenerated(ayse, 3, '2026-01-11T00:00:00.000Z'),
      ])
      .when([qrRegenerated(ayse, 2, '2026-01-12T00:00:00.000Z')])
      .then({ cards: [{ qr_version: 3, last_stream_position: 3 }] });
  });

  it('a later activation (a new owner) does not move the card in the first owner list', async () => {
    await spec
      .given([provisioned, activated(ayse, 'İş kartım', '2026-01-10T12:00:00.000Z')])
      .when([activated(bora, 'Bora', '2026-03-01T12:00:00.000Z')])
      .then({
        cards: [
          {
            owner_id: bora,
            name: 'Bora',
            activated_at: '2026-03-01T12:00:00.000Z',
            owned_at: '2026-01-10T12:00:00.000Z',
          },
        ],
      });
  });

  it('an old batch delivered late does not undo a newer one', async () => {
    await spec
      .given(
        [provisioned, activated(ayse, 'İş kartım', '2026-01-10T12:00:00.000Z')],
        [activated(bora, 'Bora', '2026-03-01T12:00:00.000Z')],
      )
      .whenBatchRedelivered(0)
      .then({
        cards: [{ owner_id: bora, name: 'Bora', last_stream_position: 2 }],
        card_history: [{ type: 'provisioned' }, { type: 'activated' }, { type: 'activated' }],
      });
  });

  it('a redelivered batch changes no row and adds no history', async () => {
    await spec
      .given(
        [provisioned, activated(ayse, 'İş kartım', '2026-01-10T12:00:00.000Z')],
        [deactivated(ayse, '2026-02-01T00:00:00.000Z')],
      )
      .whenRedelivered()
      .then({
        cards: [{ is_active: false, last_stream_position: 2 }],
        card_history: [{ stream_position: 0 }, { stream_position: 1 }, { stream_position: 2 }],
      });
  });
});

describe("the cards projection, an office's cards (issue 30)", () => {
  const officeId = randomUUID();
  const admin = randomUUID();
  const poolCard = 'KV-OFIS7Q2M';
  const pool: CardEvent = {
    type: 'CardProvisioned',
    data: {
      cardId: poolCard,
      type: 'basic',
      color: 'black',
      batchId: 'OFIS-1',
      provisionedAt: '2026-01-02T08:00:00.000Z',
      officeId,
    },
  };
  const assigned = (holderId: string, at: string): CardEvent => ({
    type: 'CardAssigned',
    data: { cardId: poolCard, officeId, holderId, assignedBy: admin, at },
  });
  const returned = (formerHolderId: string, at: string): CardEvent => ({
    type: 'CardReturned',
    data: { cardId: poolCard, officeId, formerHolderId, by: admin, at },
  });

  it("a pool card is the office's and nobody's", async () => {
    await spec
      .given()
      .when([pool])
      .then({
        cards: [{ card_id: poolCard, office_id: officeId, owner_id: null, is_activated: false, handed_at: null }],
      });
  });

  it('assigned, it is its holder’s card under its id, active and in their list since then', async () => {
    await spec
      .given([pool])
      .when([assigned(ayse, '2026-02-01T10:00:00.000Z')])
      .then({
        cards: [
          {
            owner_id: ayse,
            name: poolCard,
            office_id: officeId,
            is_activated: true,
            is_active: true,
            activated_at: '2026-02-01T10:00:00.000Z',
            owned_at: '2026-02-01T10:00:00.000Z',
            handed_at: '2026-02-01T10:00:00.000Z',
          },
        ],
        card_history: [
          { type: 'provisioned', at: '2026-01-02T08:00:00.000Z' },
          { type: 'assigned', at: '2026-02-01T10:00:00.000Z' },
        ],
      });
  });

  it('returned in a later batch, it has no owner, no name, is not active and in nobody’s list', async () => {
    await spec
      .given([pool, assigned(ayse, '2026-02-01T10:00:00.000Z')])
      .when([returned(ayse, '2026-03-01T10:00:00.000Z')])
      .then({
        cards: [
          {
            owner_id: null,
            name: null,
            office_id: officeId,
            is_activated: false,
            is_active: false,
            owned_at: null,
            handed_at: '2026-03-01T10:00:00.000Z',
          },
        ],
        card_history: [{ type: 'provisioned' }, { type: 'assigned' }, { type: 'returned' }],
      });
  });

  it('a card its holder activated and deactivated, returned, keeps nothing of them', async () => {
    await spec
      .given(
        [
          pool,
          {
            type: 'CardActivated',
            data: {
              cardId: poolCard,
              ownerId: ayse,
              name: 'İş kartım',
              activatedAt: '2026-01-10T12:00:00.000Z',
              officeId,
            },
          },
        ],
        [{ type: 'CardDeactivated', data: { cardId: poolCard, ownerId: ayse, at: '2026-01-11T00:00:00.000Z' } }],
      )
      .when([returned(ayse, '2026-03-01T10:00:00.000Z')])
      .then({ cards: [{ owner_id: null, name: null, owned_at: null, is_active: false, is_activated: false }] });
  });

  it('reassigned, in the same batch as its return or a later one, it is the new holder’s', async () => {
    await spec
      .given([pool, assigned(ayse, '2026-02-01T10:00:00.000Z')])
      .when([returned(ayse, '2026-03-01T10:00:00.000Z'), assigned(bora, '2026-03-02T10:00:00.000Z')])
      .then({
        cards: [{ owner_id: bora, name: poolCard, is_active: true, owned_at: '2026-03-02T10:00:00.000Z' }],
      });
    await spec
      .given([pool, assigned(ayse, '2026-02-01T10:00:00.000Z')], [returned(ayse, '2026-03-01T10:00:00.000Z')])
      .when([assigned(bora, '2026-03-02T10:00:00.000Z')])
      .then({
        cards: [{ owner_id: bora, name: poolCard, is_active: true, owned_at: '2026-03-02T10:00:00.000Z' }],
        card_history: [{ type: 'provisioned' }, { type: 'assigned' }, { type: 'returned' }, { type: 'assigned' }],
      });
  });

  it('a batch that only switches the held card off keeps its holder', async () => {
    await spec
      .given([pool, assigned(ayse, '2026-02-01T10:00:00.000Z')])
      .when([{ type: 'CardDeactivated', data: { cardId: poolCard, ownerId: ayse, at: '2026-02-02T00:00:00.000Z' } }])
      .then({ cards: [{ owner_id: ayse, name: poolCard, is_active: false, owned_at: '2026-02-01T10:00:00.000Z' }] });
  });

  it('a returned card activated again by a member is theirs under the name they chose', async () => {
    await spec
      .given([pool, assigned(ayse, '2026-02-01T10:00:00.000Z')], [returned(ayse, '2026-03-01T10:00:00.000Z')])
      .when([
        {
          type: 'CardActivated',
          data: { cardId: poolCard, ownerId: bora, name: 'Bora', activatedAt: '2026-03-05T10:00:00.000Z', officeId },
        },
      ])
      .then({
        cards: [
          {
            owner_id: bora,
            name: 'Bora',
            is_activated: true,
            owned_at: '2026-03-05T10:00:00.000Z',
            office_id: officeId,
          },
        ],
      });
  });

  it("an office's virtual card, and a member's own card made in the office, carry the office", async () => {
    await spec
      .given()
      .when([
        {
          type: 'OfficeCardCreated',
          data: { cardId: 'VC-OFIS01', officeId, color: 'gold', createdAt: '2026-01-05T08:00:00.000Z' },
        },
        {
          type: 'VirtualCardCreated',
          data: {
            cardId: 'VC-OFIS02',
            ownerId: ayse,
            name: 'Ofis',
            color: 'black',
            createdAt: '2026-01-06T08:00:00.000Z',
            officeId,
          },
        },
      ])
      .then({
        cards: [
          {
            card_id: 'VC-OFIS01',
            type: 'virtual',
            color: 'gold',
            office_id: officeId,
            owner_id: null,
            is_activated: false,
          },
          {
            card_id: 'VC-OFIS02',
            type: 'virtual',
            color: 'black',
            office_id: officeId,
            owner_id: ayse,
            is_activated: false,
          },
        ],
        card_history: [
          { card_id: 'VC-OFIS01', type: 'created' },
          { card_id: 'VC-OFIS02', type: 'created' },
        ],
      });
  });

  it('a redelivered return changes nothing', async () => {
    await spec
      .given(
        [pool, assigned(ayse, '2026-02-01T10:00:00.000Z')],
        [returned(ayse, '2026-03-01T10:00:00.000Z')],
        [assigned(bora, '2026-03-02T10:00:00.000Z')],
      )
      .whenBatchRedelivered(1)
      .then({ cards: [{ owner_id: bora, name: poolCard, is_active: true, last_stream_position: 3 }] });
  });

  it("a holder's deleted account leaves the office's card in place", async () => {
    await spec
      .given([pool, assigned(ayse, '2026-02-01T10:00:00.000Z'), returned(ayse, '2026-03-01T10:00:00.000Z')])
      .when([{ type: 'AccountDeleted', data: { userId: ayse, deletedAt: '2026-03-02T00:00:00.000Z' } } as const])
      .then({ cards: [{ card_id: poolCard, office_id: officeId, owner_id: null }] });
    await spec
      .given([
        pool,
        provisioned,
        activated(ayse, 'İş kartım', '2026-01-10T12:00:00.000Z'),
        {
          type: 'CardActivated',
          data: { cardId: poolCard, ownerId: ayse, name: 'Ofis', activatedAt: '2026-01-10T12:00:00.000Z', officeId },
        },
      ])
      .when([{ type: 'AccountDeleted', data: { userId: ayse, deletedAt: '2026-03-02T00:00:00.000Z' } } as const])
      // Their own card goes; the office's stays (deleting the account returns it to the pool first).
      .then({ cards: [{ card_id: poolCard, office_id: officeId }] });
  });
});

describe('the cards projection, when an owner deletes their account (the core erasure, decision 29)', () => {
  const deleted = (userId: string, deletedAt: string) =>
    ({ type: 'AccountDeleted', data: { userId, deletedAt } }) as const;
  const boraCard = 'VC-B0RA01';
  const boraCreated: CardEvent = {
    type: 'VirtualCardCreated',
    data: { cardId: boraCard, ownerId: bora, name: 'Bora', color: 'black', createdAt: '2026-01-03T08:00:00.000Z' },
  };

  it('given their activated card and another owner’s, then their card and its history go and the other stays', async () => {
    await spec
      .given([provisioned, activated(ayse, 'İş kartım', '2026-01-10T12:00:00.000Z'), boraCreated])
      .when([deleted(ayse, '2026-02-01T09:00:00.000Z')])
      .then({
        cards: [{ card_id: boraCard, owner_id: bora, name: 'Bora' }],
        card_history: [{ card_id: boraCard, type: 'created' }],
        cards_erased: [{ owner_id: ayse, erased_at: '2026-02-01T09:00:00.000Z' }],
      });
  });

  it('when the log brings an event of theirs after the deletion, in the same batch or a later one, it is skipped', async () => {
    await spec
      .given([provisioned, activated(ayse, 'İş kartım', '2026-01-10T12:00:00.000Z')])
      .when(
        [deleted(ayse, '2026-02-01T09:00:00.000Z'), qrRegenerated(ayse, 2, '2026-02-01T09:00:01.000Z')],
        [deactivated(ayse, '2026-02-01T09:00:02.000Z'), boraCreated],
      )
      .then({ cards: [{ card_id: boraCard, owner_id: bora }], card_history: [{ card_id: boraCard }] });
  });

  it('when Kafka brings their AccountDeleted before their physical card’s events (another stream), the card still goes', async () => {
    // Ordered per stream only: the card's partition may lag behind the account's.
    await spec
      .given([boraCreated], [deleted(ayse, '2026-02-01T09:00:00.000Z')])
      .when([provisioned], [activated(ayse, 'İş kartım', '2026-01-10T12:00:00.000Z')])
      .then({
        cards: [{ card_id: boraCard }],
        card_history: [{ card_id: boraCard }],
        card_erasures: [{ card_id: cardId }],
      });
    await spec
      .given([deleted(ayse, '2026-02-01T09:00:00.000Z')])
      .when([provisioned, activated(ayse, 'İş kartım', '2026-01-10T12:00:00.000Z'), boraCreated])
      .then({
        cards: [{ card_id: boraCard }],
        card_history: [{ card_id: boraCard }],
        card_erasures: [{ card_id: cardId }],
      });
  });

  it('when everything is replayed as one batch, then the result is the same', async () => {
    await spec
      .given([provisioned, activated(ayse, 'İş kartım', '2026-01-10T12:00:00.000Z'), boraCreated])
      .given([deleted(ayse, '2026-02-01T09:00:00.000Z')], [qrRegenerated(ayse, 2, '2026-02-01T09:00:01.000Z')])
      .whenRedelivered()
      .then({ cards: [{ card_id: boraCard }], cards_erased: [{ owner_id: ayse }] });
  });
});
