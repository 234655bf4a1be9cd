import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MESSAGES } from '@kartvizit/schemas';
import { readMeetingSettings, type MeetingProvider, type MeetingSettings } from '@kartvizit/infra/meetings/settings';
import { fakeMeetingApiEnv, startFakeMeetingApis, type FakeMeetingApis } from '../support/fake-meeting-apis.ts';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { after, createProfile, registerOwner, send, type Owner } from './card-fixtures.ts';

/**
 * The owner's meeting tools (issue 15, SPEC §7 Meeting integrations) against the four provider APIs faked on loopback
 * at their real paths: each provider's request shape and answer, the provider's refusals mapped (401 → 403 sign in
 * again, 4xx/5xx → 502 with its words, no answer → 504), nothing sent to a provider that is not configured, the .ics
 * read by ical.js, the 'Toplantılar' list, and no token anywhere after the flow.
 */
const TOKENS: Readonly<Record<MeetingProvider, string>> = {
  google: 'ya29.google-erisim-anahtari-7Qm2',
  microsoft: 'eyJ0eXAiOiJKV1QiLCJub25jZSI6Im1pY3Jvc29mdC04WnA0In0.graph',
  zoom: 'zoom-erisim-anahtari-3Vx9',
  calendly: 'calendly-erisim-anahtari-5Kd1',
};
const REVOKED = 'geri-alinmis-anahtar-1Bq7';
const EVENT_TYPE = 'AAAAAAAAAAAAAAAA';

interface Answer {
  success: boolean;
  message?: string;
  field?: string;
  meetingId?: string;
  eventId?: string;
  eventUrl?: string;
  meetingUrl?: string;
  password?: string;
  bookingUrl?: string;
  position?: string;
}
const body = (response: LightMyRequestResponse) => JSON.parse(response.body) as Answer;

const logLines: string[] = [];
let apis: FakeMeetingApis;
let product: TestProduct;
let settings: MeetingSettings;

function meetingSettings(origin: string): MeetingSettings {
  const read = readMeetingSettings({
    GOOGLE_CLIENT_ID: 'test',
    GOOGLE_CLIENT_SECRET: 'x',
    MICROSOFT_CLIENT_ID: 'test',
    MICROSOFT_CLIENT_SECRET: 'x',
    ZOOM_CLIENT_ID: 'test',
    ZOOM_CLIENT_SECRET: 'x',
    CALENDLY_CLIENT_ID: 'test',
    CALENDLY_CLIENT_SECRET: 'x',
    ...fakeMeetingApiEnv(origin),
  });
  // A hung provider is given up on quickly: the time-out, not a long wait, is what is tested.
  return {
    google: { ...read.google, timeoutMs: 500 },
    microsoft: { ...read.microsoft, timeoutMs: 500 },
    zoom: { ...read.zoom, timeoutMs: 500 },
    calendly: { ...read.calendly, timeoutMs: 500 },
  };
}

beforeAll(async () => {
  apis = await startFakeMeetingApis({
    acceptToken: (provider, token) => token === TOKENS[provider],
    calendlyEventTypes: [EVENT_TYPE],
  });
  settings = meetingSettings(apis.url);
  product = await startTestProduct({
    meetings: settings,
    logLevel: 'debug',
    logStream: { write: (line) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await product?.close();
  await apis?.close();
});

const START = '2026-12-01T07:00:00.000Z';
const END = '2026-12-01T09:00:00.000Z';
const EVENT = {
  title: 'Tanışma, teklif; görüşme',
  description: 'Gündem:\n1) Fiyat\n2) Teslim',
  startTime: START,
  endTime: END,
  attendees: ' Mehmet@Example.com , zeynep@example.org ',
};

const google = (token: string | undefined, payload: unknown) =>
  send(product, 'POST', '/api/integration/calendar/google', token, payload);
const outlook = (token: string | undefined, payload: unknown) =>
  send(product, 'POST', '/api/integration/calendar/outlook', token, payload);
const zoom = (token: string | undefined, payload: unknown) =>
  send(product, 'POST', '/api/integration/meeting/zoom', token, payload);
const calendly = (token: string | undefined, payload: unknown) =>
  send(product, 'POST', '/api/integration/appointment/calendly', token, payload);
const ics = (token: string | undefined, payload: unknown) =>
  send(product, 'POST', '/api/integration/calendar/ics', token, payload);

function expectRefused(response: LightMyRequestResponse, status: number, message: string, field?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(body(response)).toEqual(field ? { success: false, message, field } : { success: false, message });
}

describe('Google Calendar', () => {
  it('given a signed-in owner and a Google token, when an event is created, then Google receives the issue’s request shape with the bearer token and the owner gets its id and link', async () => {
    const owner = await registerOwner(product);
    const response = await google(owner.token, { ...EVENT, credentials: { access_token: TOKENS.google } });

    expect(response.statusCode, response.body).toBe(201);
    const answer = body(response);
    const sent = apis.requests('google').at(-1);
    expect(sent?.headers.authorization).toBe(`Bearer ${TOKENS.google}`);
    expect(sent?.body).toEqual({
      summary: EVENT.title,
      description: EVENT.description,
      start: { dateTime: START, timeZone: 'Europe/Istanbul' },
      end: { dateTime: END, timeZone: 'Europe/Istanbul' },
      attendees: [{ email: 'mehmet@example.com' }, { email: 'zeynep@example.org' }],
    });
    expect(answer).toEqual({
      success: true,
      meetingId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      eventId: expect.any(String) as string,
      eventUrl: expect.stringMatching(/^https:\/\/www\.google\.com\/calendar\/event\?eid=/) as string,
      position: expect.any(String) as string,
    });
  });

  it('given a token Google no longer accepts, when an event is created, then 403 asks to sign in to Google again and nothing is appended', async () => {
    const owner = await registerOwner(product);
    const events = await product.eventCount();
    expectRefused(
      await google(owner.token, { ...EVENT, credentials: { access_token: REVOKED } }),
      403,
      'Google Calendar oturumunuzun süresi dolmuş ya da yetki geri alınmış. Lütfen yeniden giriş yapın.',
    );
    expect(await product.eventCount()).toBe(events);
  });

  it('given Google answering 500 with its error JSON, when an event is created, then 502 carries Google’s own words', async () => {
    const owner = await registerOwner(product);
    apis.failNext('google', 500, { error: { code: 500, message: 'Backend Error\n\u0000 ya29 gizli' } });
    expectRefused(
      await google(owner.token, { ...EVENT, credentials: { access_token: TOKENS.google } }),
      502,
      'Backend Error ya29 gizli',
    );
    apis.failNext('google', 503, '');
    expectRefused(
      await google(owner.token, { ...EVENT, credentials: { access_token: TOKENS.google } }),
      502,
      'Google Calendar isteği kabul etmedi (HTTP 503).',
    );
  });

  it('given Google that does not answer, when an event is created, then 504 says it does not answer', async () => {
    const owner = await registerOwner(product);
    apis.hang('google');
    expectRefused(
      await google(owner.token, { ...EVENT, credentials: { access_token: TOKENS.google } }),
      504,
      'Google Calendar şu anda yanıt vermiyor. Lütfen biraz sonra tekrar deneyin.',
    );
  });

  it('given Google answering a success of another shape, when an event is created, then 502, not a crash', async () => {
    const owner = await registerOwner(product);
    apis.garbleNext('google', { id: 'abc', htmlLink: 'javascript:alert(1)' });
    expectRefused(
      await google(owner.token, { ...EVENT, credentials: { access_token: TOKENS.google } }),
      502,
      'Google Calendar isteği kabul etmedi (HTTP 200).',
    );
  });

  it('given no token, when an event is created, then 400 asks to sign in first and Google is not called', async () => {
    const owner = await registerOwner(product);
    const calls = apis.requests('google').length;
    expectRefused(
      await google(owner.token, EVENT),
      400,
      'Google Calendar ile giriş yapılmadı. Lütfen önce giriş yapın.',
      'credentials',
    );
    expectRefused(
      await google(owner.token, { ...EVENT, credentials: { access_token: '  ' } }),
      400,
      'Google Calendar ile giriş yapılmadı. Lütfen önce giriş yapın.',
      'credentials',
    );
    expect(apis.requests('google').length).toBe(calls);
  });
});

describe('Outlook Calendar', () => {
  it('given a Microsoft token, when an event is created, then Graph receives Istanbul wall times without an offset and required attendees, and the owner gets its id and webLink', async () => {
    const owner = await registerOwner(product);
    const response = await outlook(owner.token, {
      ...EVENT,
      attendees: ['ali@example.com'],
      accessToken: TOKENS.microsoft,
    });

    expect(response.statusCode, response.body).toBe(201);
    const sent = apis.requests('microsoft').at(-1);
    expect(sent?.headers.authorization).toBe(`Bearer ${TOKENS.microsoft}`);
    expect(sent?.body).toEqual({
      subject: EVENT.title,
      body: { contentType: 'text', content: EVENT.description },
      start: { dateTime: '2026-12-01T10:00:00', timeZone: 'Europe/Istanbul' },
      end: { dateTime: '2026-12-01T12:00:00', timeZone: 'Europe/Istanbul' },
      attendees: [{ emailAddress: { address: 'ali@example.com' }, type: 'required' }],
    });
    expect(body(response).eventUrl).toMatch(/^https:\/\/outlook\.office365\.com\/owa\/\?itemid=/);
  });

  it('given Graph refusing with 400 and its error JSON, when an event is created, then 502 carries Graph’s message', async () => {
    const owner = await registerOwner(product);
    apis.failNext('microsoft', 400, {
      error: { code: 'ErrorInvalidRequest', message: 'Your request can’t be completed.' },
    });
    expectRefused(
      await outlook(owner.token, { ...EVENT, accessToken: TOKENS.microsoft }),
      502,
      'Your request can’t be completed.',
    );
  });
});

describe('Zoom', () => {
  it('given a Zoom token, when a meeting is created, then Zoom receives a scheduled meeting (type 2) in UTC and the owner gets its link, id as text and password', async () => {
    const owner = await registerOwner(product);
    const response = await zoom(owner.token, {
      topic: 'Proje görüşmesi',
      startTime: '2026-12-01T10:00:00+03:00',
      duration: '45',
      zoomToken: TOKENS.zoom,
    });

    expect(response.statusCode, response.body).toBe(201);
    const sent = apis.requests('zoom').at(-1);
    expect(sent?.headers.authorization).toBe(`Bearer ${TOKENS.zoom}`);
    expect(sent?.body).toEqual({
      topic: 'Proje görüşmesi',
      type: 2,
      start_time: '2026-12-01T07:00:00Z',
      duration: 45,
      timezone: 'Europe/Istanbul',
    });
    const answer = body(response);
    expect(answer.meetingId).toMatch(/^\d{11}$/);
    expect(answer.meetingUrl).toBe(`https://zoom.us/j/${answer.meetingId}?pwd=${answer.password}`);
    expect(answer.password).toMatch(/^[0-9a-f]{8}$/);
  });

  it('given a duration that is not a step of 15, when a meeting is created, then the modal’s rule answers and Zoom is not called', async () => {
    const owner = await registerOwner(product);
    const calls = apis.requests('zoom').length;
    expectRefused(
      await zoom(owner.token, { topic: 'Konu', startTime: START, duration: 20, zoomToken: TOKENS.zoom }),
      400,
      MESSAGES.meetingDurationInvalid,
      'duration',
    );
    expect(apis.requests('zoom').length).toBe(calls);
  });

  it('given Zoom refusing the token, when a meeting is created, then 403 asks to sign in to Zoom again', async () => {
    const owner = await registerOwner(product);
    expectRefused(
      await zoom(owner.token, { topic: 'Konu', startTime: START, zoomToken: REVOKED }),
      403,
      'Zoom oturumunuzun süresi dolmuş ya da yetki geri alınmış. Lütfen yeniden giriş yapın.',
    );
  });
});

describe('Calendly', () => {
  it('given a Calendly token and an event type the account has, when a link is asked for, then Calendly receives a one-booking link of that event type and the owner gets the booking URL', async () => {
    const owner = await registerOwner(product);
    const response = await calendly(owner.token, {
      eventTypeId: `https://api.calendly.com/event_types/${EVENT_TYPE}`,
      calendlyToken: TOKENS.calendly,
    });

    expect(response.statusCode, response.body).toBe(201);
    expect(apis.requests('calendly').at(-1)?.body).toEqual({
      max_event_count: 1,
      owner: `${apis.url}/event_types/${EVENT_TYPE}`,
      owner_type: 'EventType',
    });
    expect(body(response)).toEqual({
      success: true,
      bookingUrl: expect.stringMatching(/^https:\/\/calendly\.com\/d\//) as string,
      position: expect.any(String) as string,
    });
  });

  it('given an event type the account does not have, when a link is asked for, then 400 says Calendly does not know it', async () => {
    const owner = await registerOwner(product);
    expectRefused(
      await calendly(owner.token, { eventTypeId: 'BASKASININ', calendlyToken: TOKENS.calendly }),
      400,
      MESSAGES.meetingCalendlyEventTypeUnknown,
      'eventTypeId',
    );
  });

  it('given Calendly refusing with title and details, when a link is asked for, then 502 carries its words', async () => {
    const owner = await registerOwner(product);
    apis.failNext('calendly', 400, {
      title: 'Invalid Argument',
      message: 'The supplied parameters are invalid.',
      details: [{ parameter: 'owner', message: 'is not a valid URI' }],
    });
    expectRefused(
      await calendly(owner.token, { eventTypeId: EVENT_TYPE, calendlyToken: TOKENS.calendly }),
      502,
      'The supplied parameters are invalid.: owner is not a valid URI',
    );
  });

  it('given no event type id, when a link is asked for, then the SPEC text', async () => {
    const owner = await registerOwner(product);
    expectRefused(
      await calendly(owner.token, { eventTypeId: '', calendlyToken: TOKENS.calendly }),
      400,
      "Lütfen bir etkinlik tipi ID'si girin",
      'eventTypeId',
    );
  });
});

describe('a provider that is not configured', () => {
  it('given no client id for any provider, when each is called, then 503 in Turkish and the provider is never called', async () => {
    const bare = await startTestProduct({ meetings: readMeetingSettings({ ...fakeMeetingApiEnv(apis.url) }) });
    try {
      const owner = await registerOwner(bare);
      const before = (['google', 'microsoft', 'zoom', 'calendly'] as const).map((p) => apis.requests(p).length);
      const events = await bare.eventCount();
      const calls = [
        send(bare, 'POST', '/api/integration/calendar/google', owner.token, {
          ...EVENT,
          credentials: { access_token: TOKENS.google },
        }),
        send(bare, 'POST', '/api/integration/calendar/outlook', owner.token, {
          ...EVENT,
          accessToken: TOKENS.microsoft,
        }),
        send(bare, 'POST', '/api/integration/meeting/zoom', owner.token, {
          topic: 'K',
          startTime: START,
          zoomToken: TOKENS.zoom,
        }),
        send(bare, 'POST', '/api/integration/appointment/calendly', owner.token, {
          eventTypeId: EVENT_TYPE,
          calendlyToken: TOKENS.calendly,
        }),
      ];
      const labels = ['Google Calendar', 'Outlook Calendar', 'Zoom', 'Calendly'];
      const answers = await Promise.all(calls);
      answers.forEach((response, index) =>
        expectRefused(response, 503, `${labels[index]} bağlantısı bu sunucuda yapılandırılmamış.`),
      );
      expect((['google', 'microsoft', 'zoom', 'calendly'] as const).map((p) => apis.requests(p).length)).toEqual(
        before,
      );
      expect(await bare.eventCount()).toBe(events);
    } finally {
      await bare.close();
    }
  });
});

describe('bad input', () => {
  it('given bad event fields, when sent to any calendar route, then 400 with the field’s Turkish message, no provider call and nothing appended', async () => {
    const owner = await registerOwner(product);
    const events = await product.eventCount();
    const calls = apis.requests('google').length;
    const withToken = (fields: Record<string, unknown>) => ({
      ...EVENT,
      ...fields,
      credentials: { access_token: TOKENS.google },
    });
    const cases: [Record<string, unknown>, number, string, string | undefined][] = [
      [{ title: '' }, 400, MESSAGES.meetingTitleRequired, 'title'],
      [{ title: 'Başlık\u0000' }, 400, MESSAGES.unsafeCharacters, 'title'],
      [{ title: 'x'.repeat(201) }, 400, MESSAGES.meetingTitleTooLong, 'title'],
      [{ title: 'x'.repeat(5000) }, 400, 'Başlık en fazla 800 karakter olabilir', 'title'],
      [{ title: 42 }, 400, 'Başlık alanı metin olmalıdır', 'title'],
      [{ startTime: '2026-12-01T10:00' }, 400, MESSAGES.meetingStartInvalid, 'startTime'],
      [{ endTime: '2026-12-01T06:00:00.000Z' }, 400, MESSAGES.meetingEndBeforeStart, 'endTime'],
      [{ attendees: 'ali@example.com, bozuk-adres' }, 400, 'Geçersiz e-posta adresi: bozuk-adres', 'attendees'],
      [{ attendees: [1, 2] }, 400, 'Katılımcılar alanı metin olmalıdır', 'attendees'],
      [{ surprise: true }, 400, 'Tanınmayan alan: surprise', 'surprise'],
    ];
    for (const [fields, status, message, field] of cases) {
      expectRefused(await google(owner.token, withToken(fields)), status, message, field);
    }
    const huge = await google(owner.token, withToken({ title: 'ş'.repeat(1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(body(huge)).toEqual({ success: false, message: MESSAGES.bodyTooLarge });
    expectRefused(await ics(owner.token, { ...EVENT, title: '' }), 400, MESSAGES.meetingTitleRequired, 'title');
    expectRefused(
      await ics(owner.token, { ...EVENT, organizer: { name: 'Ayşe', email: 'yok' } }),
      400,
      MESSAGES.meetingOrganizerEmailInvalid,
      'organizer',
    );
    expect(apis.requests('google').length).toBe(calls);
    expect(await product.eventCount()).toBe(events);
  });

  it('given no session, when a meeting route is called, then 401 and no provider call', async () => {
    const calls = apis.requests('google').length;
    const response = await google(undefined, { ...EVENT, credentials: { access_token: TOKENS.google } });
    expect(response.statusCode).toBe(401);
    expect(apis.requests('google').length).toBe(calls);
  });
});

describe('the .ics invitation', () => {
  it('given an owner with a profile, when an .ics is asked for without an organizer, then a text/calendar download named after the title, organised by the owner, that ical.js reads', async () => {
    const owner: Owner = await registerOwner(product);
    await createProfile(product, owner, { firstName: 'Çağla', lastName: 'Öztürk' });
    const response = await ics(owner.token, EVENT);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Tanisma_teklif_gorusme.ics"; filename*=UTF-8''Tan%C4%B1%C5%9Fma%2C%20teklif%3B%20g%C3%B6r%C3%BC%C5%9Fme.ics`,
    );
    expect(response.headers['x-position']).toEqual(expect.any(String));

    const calendar = new ICAL.Component(ICAL.parse(response.body) as unknown[]);
    const vtimezone = calendar.getFirstSubcomponent('vtimezone');
    expect(vtimezone?.getFirstPropertyValue('tzid')).toBe('Europe/Istanbul');
    if (vtimezone) ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone));
    const vevent = calendar.getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT');
    const event = new ICAL.Event(vevent);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.summary).toBe(EVENT.title);
    expect(event.description).toBe(EVENT.description);
    expect(event.startDate.toJSDate().toISOString()).toBe(START);
    expect(event.endDate.toJSDate().toISOString()).toBe(END);
    expect(event.uid).toMatch(/^[0-9a-f-]{36}@kart\.example\.test$/);
    const organizer = vevent.getFirstProperty('organizer');
    expect(organizer?.getParameter('cn')).toBe('Çağla Öztürk');
    expect(String(organizer?.getFirstValue())).toMatch(/^mailto:sahip-.*@example\.com$/i);
    expect(
      vevent.getAllProperties('attendee').map((attendee) => String(attendee.getFirstValue()).toLowerCase()),
    ).toEqual(['mailto:mehmet@example.com', 'mailto:zeynep@example.org']);
  });

  it('given an organizer in the body, when an .ics is asked for, then it organises the invitation', async () => {
    const owner = await registerOwner(product);
    const response = await ics(owner.token, { ...EVENT, organizer: { name: 'Ofis', email: 'Ofis@Example.com' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('ORGANIZER;CN="Ofis":mailto:ofis@example.com');
  });
});

describe('what is kept', () => {
  it('given meetings made with every provider, when the store and every table are searched, then no provider token is anywhere and the attendees are sealed', async () => {
    const owner = await registerOwner(product);
    const made = await google(owner.token, { ...EVENT, credentials: { access_token: TOKENS.google } });
    expect(made.statusCode).toBe(201);
    const { rows: stored } = await product.pool.query<{ data: string }>(
      `SELECT data::text AS data FROM events WHERE type = 'MeetingScheduled'`,
    );
    expect(stored.length).toBeGreaterThanOrEqual(5);
    for (const { data } of stored) {
      expect(data).toContain('"sealed"');
      expect(data).not.toContain('mehmet@example.com');
    }
    // Let every projection catch up, so the read models are searched with the meetings in them.
    await send(product, 'GET', '/api/rems/status', owner.token, undefined, after(body(made).position));
    const { rows: tables } = await product.pool.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    for (const { schema, name } of tables) {
      for (const token of [...Object.values(TOKENS), REVOKED]) {
        const { rows } = await product.pool.query<{ count: string }>(
          `SELECT count(*) FROM "${schema}"."${name}" AS t WHERE t::text ILIKE $1`,
          [`%${token}%`],
        );
        expect(Number(rows[0]?.count), `${schema}.${name} holds a token`).toBe(0);
      }
    }
  });

  it('is in no log line, though the calls were logged', () => {
    expect(logLines.some((line) => line.includes('/api/integration/calendar/google'))).toBe(true);
    expect(logLines.some((line) => line.includes('"reason":"timeout"'))).toBe(true);
    const all = logLines.join('\n');
    for (const token of [...Object.values(TOKENS), REVOKED]) expect(all).not.toContain(token);
  });
});
