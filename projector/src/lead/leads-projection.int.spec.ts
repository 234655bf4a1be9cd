import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { leadSearchText, leadStreamId, type LeadEvent } from '@kartvizit/schemas';
import { createTestDatabase, type TestDatabase } from '@kartvizit/infra/db/test-database';
import { projectionSpecification } from '../core/projection-specification.ts';
import { leadsProjection } from './leads-projection.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const spec = projectionSpecification(leadsProjection, {
  pool: () => database.pool,
  streamOf: (event) => leadStreamId(event.data.leadId),
});

const ownerId = randomUUID();
const visitor = {
  fullName: 'Zeynep Şahin',
  phone: '+905321234567',
  email: 'zeynep@example.com',
  message: 'Görüşelim mi?',
};

function submitted(leadId: string): LeadEvent {
  return {
    type: 'LeadSubmitted',
    data: {
      leadId,
      ownerId,
      cardId: 'KV-7Q2M4X',
      ...visitor,
      marketingConsent: true,
      noticeVersion: '2026-01',
      submittedAt: '2026-04-01T15:30:00.000Z',
    },
  };
}
const deleted = (leadId: string): LeadEvent => ({
  type: 'LeadDeleted',
  data: { leadId, ownerId, deletedAt: '2026-04-02T09:00:00.000Z' },
});

describe('the leads projection', () => {
  it('keeps what the visitor sent, searchable', async () => {
    const leadId = randomUUID();
    await spec
      .given()
      .when([submitted(leadId)])
      .then({
        leads: [
          {
            lead_id: leadId,
            owner_id: ownerId,
            card_id: 'KV-7Q2M4X',
            full_name: 'Zeynep Şahin',
            phone: '+905321234567',
            email: 'zeynep@example.com',
            message: 'Görüşelim mi?',
            search_text: leadSearchText(visitor),
            marketing_consent: true,
            notice_version: '2026-01',
            submitted_at: '2026-04-01T15:30:00.000Z',
            last_stream_position: 0,
          },
        ],
        lead_erasures: [],
      });
  });

  it('a deleted lead loses its row and leaves only its id behind', async () => {
    const [kept, gone] = [randomUUID(), randomUUID()];
    await spec
      .given([submitted(kept), submitted(gone)])
      .when([deleted(gone)])
      .then({ leads: [{ lead_id: kept }], lead_erasures: [{ lead_id: gone }] });
  });

  it('a lead submitted and deleted in one batch is never written', async () => {
    const leadId = randomUUID();
    await spec
      .given()
      .when([submitted(leadId), deleted(leadId)])
      .then({ leads: [], lead_erasures: [{ lead_id: leadId }] });
  });

  it('a deleted lead does not come back when its submission is delivered again', async () => {
    const leadId = randomUUID();
    await spec
      .given([submitted(leadId)], [deleted(leadId)])
      .whenBatchRedelivered(0)
      .then({ leads: [], lead_erasures: [{ lead_id: leadId }] });
  });

  it('nor when the whole history is replayed', async () => {
    const leadId = randomUUID();
    await spec
      .given([submitted(leadId)], [deleted(leadId)])
      .whenRedelivered()
      .then({ leads: [], lead_erasures: [{ lead_id: leadId }] });
  });

  it('a lead whose key is gone replays with empty personal fields, without failing', async () => {
    const leadId = randomUUID();
    await spec
      .given()
      .forget(leadId)
      .when([submitted(leadId)])
      .then({
        leads: [
          {
            lead_id: leadId,
            full_name: '',
            phone: '',
            email: '',
            message: '',
            search_text: '',
            marketing_consent: true,
          },
        ],
      });
  });
});
