import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadNoteChanged } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after } from './card-fixtures.ts';
import { answer, listLeads, ownerWithCard, remove, send, submitLead, visitorForm, type CardOwner } from './lead-fixtures.ts';

/**
 * Issue 13, the owner's follow-up on 'Bağlantılar': PUT /api/leads/{leadId}/status and
 * PUT /api/leads/{leadId}/note. Only the lead's owner changes them; bad input is a Turkish 4xx and
 * appends nothing; the same value again appends nothing; the list filters and counts by status and
 * the CSV carries 'Durum' and 'Not'; the note is sealed under the lead's key, so deleting the lead
 * erases it from the log too.
 */
let product: TestProduct;
let alice: CardOwner;
let bob: CardOwner;

beforeAll(async () => {
  product = await startTestProduct();
  alice = await ownerWithCard(product, 'Alice Ofis');
  bob = await ownerWithCard(product, 'Bob Ofis');
});
afterAll(async () => {
  await product?.close();
});

/** A lead for `owner` from a visitor named `fullName`; its id. */
async function leadFor(owner: CardOwner, fullName: string): Promise<string> {
  const sent = await submitLead(product, visitorForm(product, owner.cardId, { fullName }));
  expect(sent.statusCode, sent.body).toBe(200);
  const lead = (await listLeads(product, owner.token, `search=${encodeURIComponent(fullName)}`)).leads[0];
  if (!lead) throw new Error(`no lead for ${fullName}`);
  return lead._id;
}

const putStatus = (leadId: string, body: unknown, token?: string) => send(product, 'PUT', `/api/leads/${leadId}/status`, token, body);
const putNote = (leadId: string, body: unknown, token?: string) => send(product, 'PUT', `/api/leads/${leadId}/note`, token, body);

/** LeadNoteChanged events of a lead as the log holds them, raw and decoded through the product's codec. */
async function storedNotes(leadId: string) {
  const stream = await product.store.readStream(`lead-${leadId}`);
  const recorded = stream.events.filter((event) => event.type === 'LeadNoteChanged');
  const decoded = await Promise.all(recorded.map(async (event) => (await product.codec.decode(event)) as (LeadNoteChanged & { forgotten: boolean }) | null));
  return { recorded, decoded };
}

describe('the owner changes a lead’s status', () => {
  it('from Yeni to Arandı; the list shows it at once, and the same status again appends nothing', async () => {
    // Given a new lead of Alice's
    const leadId = await leadFor(alice, 'Durum Deneme');
    const fresh = (await listLeads(product, alice.token, 'search=Durum%20Deneme')).leads[0];
    expect(fresh).toMatchObject({ status: 'new', statusChangedAt: null, note: '' });

    // When she marks it as called
    const changed = await putStatus(leadId, { status: 'called' }, alice.token);

    // Then it is answered with a position, and the list read after it says Arandı
    expect(changed.statusCode, changed.body).toBe(200);
    expect(answer(changed)).toEqual({ success: true, message: 'Durum güncellendi', position: expect.stringMatching(/^\d+:\d+$/) as string });
    const list = await send(product, 'GET', '/api/leads?search=Durum%20Deneme', alice.token, undefined, after(answer(changed).position));
    const [lead] = (JSON.parse(list.body) as { leads: { status: string; statusChangedAt: string | null }[] }).leads;
    expect(lead?.status).toBe('called');
    expect(Date.parse(lead?.statusChangedAt ?? '')).not.toBeNaN();

    // And the same status again changes nothing
    const before = await product.eventCount();
    const again = await putStatus(leadId, { status: 'called' }, alice.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(answer(again)).toEqual({ success: true, message: 'Durum zaten bu', position: '' });
    expect(await product.eventCount()).toBe(before);
  });
});

describe('the list by status', () => {
  it('filters by ?status=, counts each status of the search, and the CSV carries Durum and Not', async () => {
    // Given Carol's three leads: one new, one called, one met with a note that looks like a formula
    const carol = await ownerWithCard(product, 'Carol Kart');
    await leadFor(carol, 'Yeni Kişi');
    const called = await leadFor(carol, 'Aranan Kişi');
    const met = await leadFor(carol, 'Görüşülen Kişi');
    expect((await putStatus(called, { status: 'called' }, carol.token)).statusCode).toBe(200);
    expect((await putStatus(met, { status: 'met' }, carol.token)).statusCode).toBe(200);
    expect((await putNote(met, { note: '=Salı teklif gönder' }, carol.token)).statusCode).toBe(200);

    // When she lists only the called ones
    const onlyCalled = await listLeads(product, carol.token, 'status=called');

    // Then she sees that one, the total of the filter, and the counts of every status
    expect(onlyCalled.leads.map((lead) => lead.fullName)).toEqual(['Aranan Kişi']);
    expect(onlyCalled.total).toBe(1);
    expect((onlyCalled as unknown as { counts: unknown }).counts).toEqual({ new: 1, called: 1, met: 1, negative: 0 });
    const all = await listLeads(product, carol.token);
    expect(all.total).toBe(3);
    expect((await listLeads(product, carol.token, 'status=negative')).leads).toEqual([]);
    // The counts follow the search
    expect((await listLeads(product, carol.token, 'search=kisi&status=met')).leads.map((lead) => lead.fullName)).toEqual(['Görüşülen Kişi']);

    // And the CSV of the met ones says Görüşüldü and the note, made harmless for spreadsheets
    const csv = await send(product, 'GET', '/api/leads/export.csv?status=met', carol.token);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, row, rest] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('"Tarih";"Ad Soyad";"Telefon";"E-posta";"Mesaj";"Pazarlama İzni";"Kart";"Durum";"Not"');
    expect(row).toMatch(/"Görüşülen Kişi".*;"Görüşüldü";"'=Salı teklif gönder"$/);
    expect(rest).toBe('');
  });

  it('refuses a status that does not exist, in Turkish', async () => {
    for (const url of ['/api/leads?status=arandi', '/api/leads/export.csv?status=CALLED']) {
      const response = await send(product, 'GET', url, alice.token);
      expect(response.statusCode, url).toBe(400);
      expect(answer(response)).toEqual({ success: false, message: 'Geçerli bir durum seçin (Yeni, Arandı, Görüşüldü veya Olumsuz)', field: 'status' });
    }
  });
});

describe('the owner’s private note', () => {
  it('is saved sealed under the lead’s key, read back in the list, and cleared with an empty note', async () => {
    // Given a lead of Alice's
    const leadId = await leadFor(alice, 'Not Deneme');

    // When she writes a note (with spaces around and Windows line ends)
    const written = await putNote(leadId, { note: '  Salı 14:00 arandı.\r\nFiyat teklifi istiyor.  ' }, alice.token);

    // Then it is saved, normalised, and the list shows it
    expect(written.statusCode, written.body).toBe(200);
    expect(answer(written)).toEqual({ success: true, message: 'Not kaydedildi', position: expect.any(String) as string });
    const list = await send(product, 'GET', '/api/leads?search=Not%20Deneme', alice.token, undefined, after(answer(written).position));
    expect((JSON.parse(list.body) as { leads: { note: string }[] }).leads[0]?.note).toBe('Salı 14:00 arandı.\nFiyat teklifi istiyor.');
    // And the log holds it sealed: not readable in the stored row, readable through the vault
    const { recorded, decoded } = await storedNotes(leadId);
    expect(JSON.stringify(recorded[0]?.data)).not.toContain('Fiyat teklifi');
    expect(decoded[0]).toMatchObject({ forgotten: false, data: { note: 'Salı 14:00 arandı.\nFiyat teklifi istiyor.' } });

    // When the same note comes again, nothing is appended; when an empty one comes, the note is cleared
    const before = await product.eventCount();
    const same = await putNote(leadId, { note: 'Salı 14:00 arandı.\nFiyat teklifi istiyor.' }, alice.token);
    expect(answer(same)).toEqual({ success: true, message: 'Not değişmedi', position: '' });
    expect(await product.eventCount()).toBe(before);
    const cleared = await putNote(leadId, { note: '   ' }, alice.token);
    expect(answer(cleared)).toMatchObject({ success: true, message: 'Not silindi' });
    const afterClear = await send(product, 'GET', '/api/leads?search=Not%20Deneme', alice.token, undefined, after(answer(cleared).position));
    expect((JSON.parse(afterClear.body) as { leads: { note: string }[] }).leads[0]?.note).toBe('');
  });

  it('takes 2000 characters, not one more', async () => {
    const leadId = await leadFor(alice, 'Uzun Not');
    expect((await putNote(leadId, { note: 'ğ'.repeat(2000) }, alice.token)).statusCode).toBe(200);
    const tooLong = await putNote(leadId, { note: 'ğ'.repeat(2001) }, alice.token);
    expect(tooLong.statusCode).toBe(400);
    expect(answer(tooLong)).toEqual({ success: false, message: 'Not en fazla 2000 karakter olabilir', field: 'note' });
  });
});

describe('what the follow-up refuses, appending nothing', () => {
  it('another owner’s, an unknown, a malformed or a deleted lead: 404 Bağlantı bulunamadı; no session: 401', async () => {
    // Given a lead of Alice's, and one of Bob's he has deleted
    const leadId = await leadFor(alice, 'Yabancıya Kapalı');
    const bobsGone = await leadFor(bob, 'Silinmiş Kişi');
    expect((await remove(product, bobsGone, bob.token)).statusCode).toBe(200);
    const before = await product.eventCount();

    // When anyone but Alice, or anyone about a lead that is not there, tries
    const attempts: [string, string][] = [
      [bob.token, leadId],
      [alice.token, '7d4c2a10-1b2c-4d3e-8f4a-5b6c7d8e9f00'],
      [alice.token, 'degil-bir-id'],
      [alice.token, 'x'.repeat(100)],
      [bob.token, bobsGone],
    ];
    for (const [token, id] of attempts) {
      for (const response of [await putStatus(id, { status: 'met' }, token), await putNote(id, { note: 'Merhaba' }, token)]) {
        // Then it is not found, whoever asks
        expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
        expect(answer(response)).toEqual({ success: false, message: 'Bağlantı bulunamadı' });
      }
    }
    expect((await putStatus(leadId, { status: 'met' })).statusCode).toBe(401);
    expect((await putNote(leadId, { note: 'x' })).statusCode).toBe(401);
    // And nothing was appended
    expect(await product.eventCount()).toBe(before);
  });

  it('a wrong status, wrong types, NUL, an unknown field or a 1 MB note: a Turkish 4xx', async () => {
    const leadId = await leadFor(alice, 'Kötü Girdi');
    const before = await product.eventCount();
    const statusInvalid = { success: false, message: 'Geçerli bir durum seçin (Yeni, Arandı, Görüşüldü veya Olumsuz)', field: 'status' };
    const noteNotText = { success: false, message: 'Not metin olarak gönderilmelidir', field: 'note' };
    const cases: [() => ReturnType<typeof putStatus>, number, unknown][] = [
      [() => putStatus(leadId, { status: 'Arandı' }, alice.token), 400, statusInvalid],
      [() => putStatus(leadId, { status: 'CALLED' }, alice.token), 400, statusInvalid],
      [() => putStatus(leadId, { status: 1 }, alice.token), 400, statusInvalid],
      [() => putStatus(leadId, { status: null }, alice.token), 400, statusInvalid],
      [() => putStatus(leadId, {}, alice.token), 400, statusInvalid],
      [() => putStatus(leadId, { status: 'called', ownerId: bob.userId }, alice.token), 400, { success: false, message: 'Tanınmayan alan: ownerId', field: 'ownerId' }],
      [() => putStatus(leadId, ['called'], alice.token), 400, { success: false, message: 'İstek geçersiz' }],
      [() => putNote(leadId, { note: 42 }, alice.token), 400, noteNotText],
      [() => putNote(leadId, { note: ['x'] }, alice.token), 400, noteNotText],
      [() => putNote(leadId, { note: null }, alice.token), 400, noteNotText],
      // NUL is stopped by the service's guard for every body (PostgreSQL's jsonb cannot hold it); other controls by the note's rule.
      [() => putNote(leadId, { note: 'a\u0000b' }, alice.token), 400, { success: false, message: 'Gönderilen bilgilerde geçersiz karakterler var', field: 'note' }],
      [() => putNote(leadId, { note: 'zil\u0007sesi' }, alice.token), 400, { success: false, message: 'Not alanında geçersiz karakterler var', field: 'note' }],
      [() => putNote(leadId, { note: 'x'.repeat(1024 * 1024) }, alice.token), 413, { success: false, message: 'İstek gövdesi çok büyük' }],
    ];
    for (const [request, status, expected] of cases) {
      const response = await request();
      expect(response.statusCode, response.body).toBe(status);
      expect(answer(response)).toEqual(expected);
    }
    expect(await product.eventCount()).toBe(before);
  });
});

describe('deleting a lead', () => {
  it('erases its note from the log too: the note decodes as forgotten', async () => {
    // Given a lead with a status and a private note
    const erin = await ownerWithCard(product, 'Erin Kart');
    const leadId = await leadFor(erin, 'Unutulacak Kişi');
    expect((await putStatus(leadId, { status: 'negative' }, erin.token)).statusCode).toBe(200);
    expect((await putNote(leadId, { note: 'Eşi de ilgileniyor, ev adresi Moda' }, erin.token)).statusCode).toBe(200);
    expect((await storedNotes(leadId)).decoded[0]).toMatchObject({ forgotten: false });

    // When the owner deletes it
    const deleted = await remove(product, leadId, erin.token);
    expect(deleted.statusCode, deleted.body).toBe(200);

    // Then the note can no longer be read anywhere, and the lead is out of the list and its counts
    const { decoded } = await storedNotes(leadId);
    expect(decoded[0]).toMatchObject({ forgotten: true, data: { note: '', leadId, ownerId: erin.userId } });
    const list = await send(product, 'GET', '/api/leads', erin.token, undefined, after(answer(deleted).position));
    expect(JSON.parse(list.body)).toMatchObject({ leads: [], total: 0, counts: { new: 0, called: 0, met: 0, negative: 0 } });
  });
});
