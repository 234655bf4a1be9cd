import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MESSAGES, type MeetingsResponse } from '@kartvizit/schemas';
import { readMeetingSettings } from '@kartvizit/infra/meetings/settings';
import { fakeMeetingApiEnv, startFakeMeetingApis, type FakeMeetingApis } from '../support/fake-meeting-apis.ts';
import { newOwner, startTestProduct, type TestProduct } from '../support/product.ts';
import { after, answer, createProfile, registerOwner, send, virtualCardId, type Owner } from './card-fixtures.ts';

/**
 * What the owner's meetings become (issue 15): the 'Toplantılar' list (`GET /api/meetings`, newest first, attendees
 * decrypted, nobody else's), the owner's KVKK copy, their erasure with the account; and the visitor's 'Takvime Ekle'
 * (`GET /api/public/cards/{cardId}/meeting.ics`), organised by the owner as the card shows them.
 */
const TOKEN = 'ya29.liste-testi-anahtari-4Hn8';
let apis: FakeMeetingApis;
let product: TestProduct;

beforeAll(async () => {
  apis = await startFakeMeetingApis({ acceptToken: (_provider, token) => token === TOKEN });
  product = await startTestProduct({
    meetings: readMeetingSettings({
      GOOGLE_CLIENT_ID: 'test',
      GOOGLE_CLIENT_SECRET: 'x',
      ZOOM_CLIENT_ID: 'test',
      ZOOM_CLIENT_SECRET: 'x',
      CALENDLY_CLIENT_ID: 'test',
      CALENDLY_CLIENT_SECRET: 'x',
      ...fakeMeetingApiEnv(apis.url),
    }),
  });
});
afterAll(async () => {
  await product?.close();
  await apis?.close();
});

const list = (token: string, position?: string) =>
  send(product, 'GET', '/api/meetings', token, undefined, after(position));
const meetingsOf = (response: LightMyRequestResponse) => (JSON.parse(response.body) as MeetingsResponse).meetings;

async function scheduleThree(owner: Owner): Promise<string> {
  const google = await send(product, 'POST', '/api/integration/calendar/google', owner.token, {
    title: 'İlk görüşme',
    startTime: '2026-12-01T07:00:00Z',
    endTime: '2026-12-01T08:00:00Z',
    attendees: 'Deniz@Example.com',
    credentials: { access_token: TOKEN },
  });
  expect(google.statusCode, google.body).toBe(201);
  const zoom = await send(product, 'POST', '/api/integration/meeting/zoom', owner.token, {
    topic: 'Zoom görüşmesi',
    startTime: '2026-12-02T07:00:00Z',
    duration: 30,
    zoomToken: TOKEN,
  });
  expect(zoom.statusCode, zoom.body).toBe(201);
  const calendly = await send(product, 'POST', '/api/integration/appointment/calendly', owner.token, {
    eventTypeId: 'ETKINLIK-1',
    calendlyToken: TOKEN,
  });
  expect(calendly.statusCode, calendly.body).toBe(201);
  return answer(calendly).position ?? '';
}

describe("the owner's meetings", () => {
  it('given three meetings made, when the owner lists them, then newest first with their provider, times, link and decrypted attendees; another owner sees none of them', async () => {
    const owner = await registerOwner(product);
    const other = await registerOwner(product);
    const position = await scheduleThree(owner);

    const response = await list(owner.token, position);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const meetings = meetingsOf(response);
    expect(meetings.map((meeting) => meeting.provider)).toEqual(['calendly', 'zoom', 'google']);
    expect(meetings[0]).toMatchObject({
      title: 'Calendly randevu linki',
      startTime: null,
      endTime: null,
      attendees: [],
      link: expect.stringMatching(/^https:\/\/calendly\.com\/d\//) as string,
    });
    expect(meetings[1]).toMatchObject({
      title: 'Zoom görüşmesi',
      startTime: '2026-12-02T07:00:00.000Z',
      endTime: '2026-12-02T07:30:00.000Z',
    });
    expect(meetings[2]).toMatchObject({
      title: 'İlk görüşme',
      startTime: '2026-12-01T07:00:00.000Z',
      endTime: '2026-12-01T08:00:00.000Z',
      attendees: ['deniz@example.com'],
    });
    expect(JSON.stringify(meetings)).not.toContain(TOKEN);

    expect(meetingsOf(await list(other.token, position))).toEqual([]);
    expect((await product.get('/api/meetings')).statusCode).toBe(401);
  });

  it('given meetings, when the owner downloads their KVKK copy, then it holds them with their attendees', async () => {
    const owner = await registerOwner(product);
    const position = await scheduleThree(owner);
    const response = await send(product, 'GET', '/api/account/export', owner.token, undefined, after(position));
    expect(response.statusCode, response.body).toBe(200);
    const copy = JSON.parse(response.body) as { toplantilar: { provider: string; attendees: string[] }[] };
    expect(copy.toplantilar.map((meeting) => meeting.provider)).toEqual(['google', 'zoom', 'calendly']);
    expect(copy.toplantilar[0]?.attendees).toEqual(['deniz@example.com']);
    expect(response.body).not.toContain(TOKEN);
  });

  it('given meetings, when the owner deletes the account, then their rows in rm_meetings are gone and nobody else’s', async () => {
    const registration = newOwner();
    const registered = await product.post('/api/auth/register', registration);
    const body = JSON.parse(registered.body) as { token: string; user: { id: string } };
    const owner = { token: body.token, userId: body.user.id };
    const other = await registerOwner(product);
    await scheduleThree(owner);
    const kept = await scheduleThree(other);
    await list(other.token, kept);
    const count = async (ownerId: string) =>
      Number(
        (
          await product.pool.query<{ n: string }>('SELECT count(*) AS n FROM rm_meetings WHERE owner_id = $1', [
            ownerId,
          ])
        ).rows[0]?.n,
      );
    expect(await count(owner.userId)).toBe(3);

    const deleted = await product.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { password: registration.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The list waits for the meetings projection to pass the deletion.
    expect(meetingsOf(await list(other.token, answer(deleted).position))).toHaveLength(3);
    expect(await count(owner.userId)).toBe(0);
    expect(await count(other.userId)).toBe(3);
  });
});

describe("the visitor's 'Takvime Ekle'", () => {
  let cardId: string;
  let position: string | undefined;

  beforeAll(async () => {
    const owner = await registerOwner(product);
    await createProfile(product, owner, { firstName: 'Çağrı', lastName: 'Işık', email: 'cagri@example.com' });
    cardId = virtualCardId();
    expect(
      (await send(product, 'POST', '/api/cards', owner.token, { cardId, type: 'virtual', name: 'Görüşme' })).statusCode,
    ).toBe(200);
    const activated = await send(product, 'POST', '/api/cards/activate', owner.token, { cardId, name: 'Görüşme' });
    position = answer(activated).position;
  });

  const download = (id: string, query = '') =>
    send(product, 'GET', `/api/public/cards/${id}/meeting.ics${query}`, undefined, undefined, after(position));

  it('given a shown card, when a visitor asks for an invitation at a time, then an .ics organised by the owner, named after them, that ical.js reads, and nothing is stored', async () => {
    const events = await product.eventCount();
    const response = await download(cardId, '?start=2026-12-03T10:00:00%2B03:00&end=2026-12-03T11:30:00%2B03:00');

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Cagri_Isik_ile_gorusme.ics"; filename*=UTF-8''%C3%87a%C4%9Fr%C4%B1%20I%C5%9F%C4%B1k%20ile%20g%C3%B6r%C3%BC%C5%9Fme.ics`,
    );
    const calendar = new ICAL.Component(ICAL.parse(response.body) as unknown[]);
    const vtimezone = calendar.getFirstSubcomponent('vtimezone');
    if (vtimezone) ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone));
    const vevent = calendar.getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT');
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe('Çağrı Işık ile görüşme');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-03T07:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-03T08:30:00.000Z');
    expect(vevent.getFirstProperty('organizer')?.getParameter('cn')).toBe('Çağrı Işık');
    expect(String(vevent.getFirstPropertyValue('organizer'))).toBe('mailto:cagri@example.com');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(await product.eventCount()).toBe(events);
  });

  it('given no times, when a visitor asks, then the next full hour for one hour', async () => {
    const response = await download(cardId);
    expect(response.statusCode, response.body).toBe(200);
    const vevent = new ICAL.Component(ICAL.parse(response.body) as unknown[]).getFirstSubcomponent('vevent');
    const start = vevent?.getFirstPropertyValue('dtstart') as { minute: number; second: number } | undefined;
    expect(start).toMatchObject({ minute: 0, second: 0 });
  });

  it('given bad times, when a visitor asks, then 400 in Turkish', async () => {
    const bad = await download(cardId, '?start=yarın');
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ success: false, message: MESSAGES.meetingStartInvalid, field: 'start' });
    const backwards = await download(cardId, '?start=2026-12-03T10:00:00Z&end=2026-12-03T09:00:00Z');
    expect(backwards.statusCode).toBe(400);
    expect(JSON.parse(backwards.body)).toEqual({
      success: false,
      message: MESSAGES.meetingEndBeforeStart,
      field: 'end',
    });
  });

  it('given an unknown or malformed card, when a visitor asks, then 404 Profil bulunamadı', async () => {
    for (const id of ['KV-YOKBOYLE', '%3Cscript%3E']) {
      const response = await download(id);
      expect(response.statusCode).toBe(404);
      expect(JSON.parse(response.body)).toEqual({ success: false, message: MESSAGES.cardPublicProfileNotFound });
    }
  });
});
