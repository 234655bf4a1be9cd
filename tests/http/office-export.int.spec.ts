import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { seenEverything, send } from './card-fixtures.ts';
import { submitLead, visitorForm } from './lead-fixtures.ts';
import { createOffice, join, officeAnswer, officeCardHeldBy, register, type Person } from './office-fixtures.ts';

/**
 * The office's KVKK export (issue 30): the office is the data controller of the leads left on its cards, so its admins
 * download what it holds: the office, members, invitations, cards, every lead on its cards and its history. A Danışman
 * is refused (403); anyone outside reads "not found"; nothing secret is in it.
 */
let product: TestProduct;
let admin: Person;
let agent: Person;
let outsider: Person;
let officeId: string;
let cardId: string;

beforeAll(async () => {
  product = await startTestProduct();
  admin = await register(product, 'Levent');
  agent = await register(product, 'Şule');
  outsider = await register(product, 'Dış');
  officeId = await createOffice(product, admin, 'Çınar Emlak', 'cinar-emlak-veriler');
  await join(product, admin, officeId, agent);
  cardId = await officeCardHeldBy(product, agent, officeId);
  const lead = await submitLead(product, visitorForm(product, cardId, { fullName: 'Zeynep Kaya' }));
  expect(lead.statusCode, lead.body).toBe(200);
});
afterAll(async () => {
  await product?.close();
});

async function exported(token: string, id = officeId) {
  return send(product, 'GET', `/api/offices/${id}/export`, token, undefined, await seenEverything(product));
}

describe("the office's export", () => {
  it('given a lead on an office card, when an admin downloads the export, then it holds the office, its people, its card and the lead', async () => {
    const response = await exported(admin.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="ofis-verileri-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = JSON.parse(response.body) as {
      aciklama: string;
      ofis: { adres: string; bilgiler: { name: string } };
      uyeler: { id: string; rol: string; eposta: string }[];
      davetler: { eposta: string; durum: string }[];
      kartlar: { kartId: string; kimde: string | null }[];
      baglantilar: { adSoyad: string; kartId: string; danisman: string }[];
      gecmis: { tur: string }[];
    };
    expect(data.aciklama).toContain('KVKK');
    expect(data.ofis).toMatchObject({ adres: '/o/cinar-emlak-veriler', bilgiler: { name: 'Çınar Emlak' } });
    expect(data.uyeler.map((member) => [member.id, member.rol])).toEqual([
      [admin.userId, 'admin'],
      [agent.userId, 'agent'],
    ]);
    expect(data.davetler).toEqual([expect.objectContaining({ eposta: agent.email.toLowerCase(), durum: 'accepted' })]);
    expect(data.kartlar).toEqual([expect.objectContaining({ kartId: cardId, kimde: agent.userId })]);
    expect(data.baglantilar).toEqual([
      expect.objectContaining({ adSoyad: 'Zeynep Kaya', kartId: cardId, danisman: agent.userId }),
    ]);
    expect(data.gecmis.map((entry) => entry.tur)).toContain('joined');
    // Nothing secret: no password, token or key of any kind.
    expect(response.body).not.toMatch(/password|şifre|token|secret|hash/i);
  });

  it("given a Danışman, when they ask for the office's export, then 'yalnızca ofis yöneticileri' (403)", async () => {
    const response = await exported(agent.token);
    expect(response.statusCode).toBe(403);
    expect(officeAnswer(response).message).toBe(MESSAGES.officeAdminOnly);
  });

  it("given someone outside the office, when they ask for its export, then 'Ofis bulunamadı' (404), as for no office at all", async () => {
    for (const response of [
      await exported(outsider.token),
      await exported(admin.token, '00000000-0000-4000-8000-000000000000'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(officeAnswer(response).message).toBe(MESSAGES.officeNotFound);
    }
    expect((await send(product, 'GET', `/api/offices/${officeId}/export`)).statusCode).toBe(401);
  });
});
