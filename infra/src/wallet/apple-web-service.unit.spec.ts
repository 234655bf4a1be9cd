import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applePassAuthToken } from './apple-pass.ts';
import {
  APPLE_UPDATE_MARGIN_MS,
  appleDeviceKey,
  applePassAuthorized,
  applePassesUpdatedSince,
  applePassLastModified,
  applePassNotModified,
} from './apple-web-service.ts';

/** The pure parts of Apple's pass web service (issue 32): the token check, device keys, update tags, Last-Modified. */
const secret = randomBytes(48);
const now = Date.parse('2026-11-28T12:00:00.000Z');

describe('applePassAuthorized', () => {
  it('given the pass’s own token under the ApplePass scheme, then true; anything else, false', () => {
    const token = applePassAuthToken(secret, 'VC-AB12CD');
    expect(applePassAuthorized(secret, 'VC-AB12CD', `ApplePass ${token}`)).toBe(true);
    expect(applePassAuthorized(secret, 'VC-ZZ99ZZ', `ApplePass ${token}`)).toBe(false);
    expect(applePassAuthorized(randomBytes(48), 'VC-AB12CD', `ApplePass ${token}`)).toBe(false);
    for (const header of [
      undefined,
      '',
      token,
      `Bearer ${token}`,
      `ApplePass  ${token}`,
      `ApplePass ${token}x`,
      `applepass ${token}`,
    ])
      expect(applePassAuthorized(secret, 'VC-AB12CD', header), String(header)).toBe(false);
  });
});

describe('appleDeviceKey', () => {
  it('given a device library identifier, then a stable keyed hash that does not contain it', () => {
    const id = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
    expect(appleDeviceKey(secret, id)).toBe(appleDeviceKey(secret, id));
    expect(appleDeviceKey(secret, id)).not.toContain(id);
    expect(appleDeviceKey(randomBytes(48), id)).not.toBe(appleDeviceKey(secret, id));
  });
});

describe('applePassesUpdatedSince', () => {
  const modified = new Map([
    ['VC-OLD000', now - 3_600_000],
    ['VC-NEW000', now - 1_000],
  ]);

  it('given no tag, then every pass, and a tag the margin before now', () => {
    expect(applePassesUpdatedSince(modified, null, now)).toEqual({
      serialNumbers: ['VC-NEW000', 'VC-OLD000'],
      lastUpdated: String(now - APPLE_UPDATE_MARGIN_MS),
    });
  });

  it('given a tag, then the passes changed after it; none: null (204)', () => {
    expect(applePassesUpdatedSince(modified, now - 60_000, now)?.serialNumbers).toEqual(['VC-NEW000']);
    expect(applePassesUpdatedSince(modified, now, now)).toBeNull();
    expect(applePassesUpdatedSince(new Map(), null, now)).toBeNull();
  });

  it('given a change in the last seconds, then it is reported again next time (a late event is not missed)', () => {
    const first = applePassesUpdatedSince(modified, null, now);
    const again = applePassesUpdatedSince(modified, Number(first?.lastUpdated), now + 100);
    expect(again?.serialNumbers).toEqual(['VC-NEW000']);
  });

  it('given serials to report, then the tag always moves past the one the device sent', () => {
    const since = now - 2_000;
    const answer = applePassesUpdatedSince(modified, since, now);
    expect(answer?.serialNumbers).toEqual(['VC-NEW000']);
    expect(Number(answer?.lastUpdated)).toBeGreaterThan(since);
  });
});

describe('Last-Modified and If-Modified-Since', () => {
  it('given an old change, then Last-Modified is its second rounded up, and that answers 304', () => {
    const modified = now - 3_600_000 + 250;
    const lastModified = applePassLastModified(modified, now);
    expect(lastModified.getTime()).toBe(now - 3_600_000 + 1_000);
    expect(applePassNotModified(modified, lastModified.toUTCString())).toBe(true);
  });

  it('given a recent change, then Last-Modified stays the margin before now, so a second change in the same second is fetched', () => {
    const modified = now - 200;
    const lastModified = applePassLastModified(modified, now);
    expect(lastModified.getTime()).toBeLessThanOrEqual(now - APPLE_UPDATE_MARGIN_MS);
    expect(applePassNotModified(modified, lastModified.toUTCString())).toBe(false);
    expect(applePassNotModified(modified + 300, lastModified.toUTCString())).toBe(false);
  });

  it('given no or a malformed If-Modified-Since, then the pass is sent', () => {
    expect(applePassNotModified(now - 3_600_000, undefined)).toBe(false);
    expect(applePassNotModified(now - 3_600_000, 'dün')).toBe(false);
  });
});
