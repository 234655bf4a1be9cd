import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMeetingSettings, type MeetingSettings } from '@kartvizit/infra/meetings/settings';
import {
  createCalendlyLink,
  createZoomMeeting,
  istanbulWallTime,
  zoomStartTime,
} from '@kartvizit/infra/meetings/providers';
import {
  FAKE_MEETING_CONTROL_PATH,
  fakeMeetingApiEnv,
  startFakeMeetingApis,
  type FakeMeetingApis,
} from '../support/fake-meeting-apis.ts';

/** The provider clients' own rules, against the loopback fake of the four APIs. */
let apis: FakeMeetingApis;
let settings: MeetingSettings;
beforeAll(async () => {
  apis = await startFakeMeetingApis({ acceptToken: (_provider, token) => token === 'dogru-anahtar' });
  settings = readMeetingSettings({ ZOOM_CLIENT_ID: 'z', CALENDLY_CLIENT_ID: 'c', ...fakeMeetingApiEnv(apis.url) });
});
afterAll(async () => {
  await apis?.close();
});

describe('the meeting provider clients', () => {
  it('given an instant, when written for Graph and Zoom, then Istanbul’s wall time without an offset and UTC without a fraction', () => {
    expect(istanbulWallTime('2026-12-31T22:30:00.000Z')).toBe('2027-01-01T01:30:00');
    expect(zoomStartTime('2026-12-01T07:00:00.123Z')).toBe('2026-12-01T07:00:00Z');
  });

  it('given a token with a line break, when Zoom is called, then it is refused here and never sent', async () => {
    const before = apis.requests('zoom').length;
    const outcome = await createZoomMeeting(settings.zoom, 'kotu\nanahtar', {
      topic: 'Konu',
      startTime: '2026-12-01T07:00:00.000Z',
      duration: 30,
    });
    expect(outcome).toEqual({ kind: 'unauthorized' });
    expect(apis.requests('zoom').length).toBe(before);
  });

  it('given a provider whose words repeat the token, when it refuses, then the token is masked in them', async () => {
    apis.failNext('calendly', 422, { title: 'Invalid', message: 'Token dogru-anahtar is not allowed\u202e here' });
    const outcome = await createCalendlyLink(settings.calendly, 'dogru-anahtar', 'ETKINLIK');
    expect(outcome).toEqual({ kind: 'rejected', status: 422, message: 'Token *** is not allowed here' });
  });

  it('given nothing listening, when a provider is called, then it is unreachable with a short code', async () => {
    const gone = await startFakeMeetingApis();
    await gone.close();
    const closed = { ...settings.zoom, apiUrl: gone.url };
    const outcome = await createZoomMeeting(closed, 'dogru-anahtar', {
      topic: 'Konu',
      startTime: '2026-12-01T07:00:00.000Z',
      duration: 30,
    });
    expect(outcome).toEqual({ kind: 'unreachable', reason: 'ECONNREFUSED' });
  });
});

describe('the fake APIs’ control for other processes', () => {
  it('given control on, when another process queues a failure and reads the requests, then the next call fails and is listed', async () => {
    const steered = await startFakeMeetingApis({ control: true });
    try {
      const zoom = { ...settings.zoom, apiUrl: steered.url };
      const queued = await fetch(`${steered.url}${FAKE_MEETING_CONTROL_PATH}/zoom/fail-next`, {
        method: 'POST',
        body: JSON.stringify({ status: 500, body: { code: 500, message: 'Zoom arızalı' } }),
      });
      expect(queued.status).toBe(200);
      const meeting = { topic: 'Konu', startTime: '2026-12-01T07:00:00.000Z', duration: 30 };
      expect(await createZoomMeeting(zoom, 'herhangi', meeting)).toEqual({
        kind: 'rejected',
        status: 500,
        message: 'Zoom arızalı',
      });
      expect(await createZoomMeeting(zoom, 'herhangi', meeting)).toMatchObject({ kind: 'created' });
      const listed = (await (await fetch(`${steered.url}${FAKE_MEETING_CONTROL_PATH}/zoom/requests`)).json()) as {
        status: number;
      }[];
      expect(listed.map((request) => request.status)).toEqual([500, 201]);
    } finally {
      await steered.close();
    }
  });
});
