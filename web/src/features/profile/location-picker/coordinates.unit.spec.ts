import { describe, expect, it } from 'vitest';
import { formatCoordinate, parseCoordinate, readManualEntry, roundLocation, TileHealth } from './coordinates.ts';
import { getCurrentLocation } from './use-geolocation.ts';
import { GEOLOCATION_OPTIONS } from './constants.ts';

describe('coordinates', () => {
  it('shows 6 decimals and rounds to them', () => {
    expect(formatCoordinate(39.9334)).toBe('39.933400');
    expect(formatCoordinate(-0.0000004)).toBe('-0.000000');
    expect(roundLocation({ lat: 39.93341234, lng: 32.85971299 })).toEqual({ lat: 39.933412, lng: 32.859713 });
  });

  it('ignores what is not a number and accepts a decimal comma', () => {
    expect(parseCoordinate(' 39.9334 ')).toBe(39.9334);
    expect(parseCoordinate('39,9334')).toBe(39.9334);
    expect(parseCoordinate('-.5')).toBe(-0.5);
    for (const text of ['', 'abc', '39.9.1', '1e3', '12abc', '-', 'Infinity']) expect(parseCoordinate(text)).toBeNull();
  });

  it('makes a location only of two numbers in range, naming the field that is out of range', () => {
    expect(readManualEntry('41.0082', '28.9784')).toEqual({
      location: { lat: 41.0082, lng: 28.9784 },
      latitudeError: null,
      longitudeError: null,
    });
    expect(readManualEntry('abc', '28.9')).toEqual({ location: null, latitudeError: null, longitudeError: null });
    expect(readManualEntry('91', '181')).toEqual({
      location: null,
      latitudeError: 'Enlem -90 ile 90 arasında olmalıdır',
      longitudeError: 'Boylam -180 ile 180 arasında olmalıdır',
    });
  });
});

describe('TileHealth', () => {
  it('is ready at the first tile, and failed after 3 errors with no tile', () => {
    const health = new TileHealth(3);
    expect(health.tileFailed()).toBeNull();
    expect(health.tileFailed()).toBeNull();
    expect(health.tileFailed()).toBe('failed');
    expect(health.tileFailed()).toBeNull();

    const working = new TileHealth(3);
    expect(working.tileFailed()).toBeNull();
    expect(working.tileLoaded()).toBe('ready');
    expect(working.tileLoaded()).toBeNull();
    expect([working.tileFailed(), working.tileFailed(), working.tileFailed()]).toEqual([null, null, null]);
  });
});

describe('getCurrentLocation', () => {
  const geolocation = (behaviour: (ok: PositionCallback, fail: PositionErrorCallback) => void) => {
    const calls: (PositionOptions | undefined)[] = [];
    const api = {
      getCurrentPosition(ok: PositionCallback, fail?: PositionErrorCallback | null, options?: PositionOptions) {
        calls.push(options);
        behaviour(ok, fail ?? (() => undefined));
      },
    } as unknown as Geolocation;
    return { api, calls };
  };

  it('asks with high accuracy, a 10 s time-out and positions up to 5 minutes old', async () => {
    const { api, calls } = geolocation((ok) =>
      ok({ coords: { latitude: 41.01234567, longitude: 28.97654321 } } as GeolocationPosition),
    );
    await expect(getCurrentLocation(api)).resolves.toEqual({
      ok: true,
      location: { lat: 41.012346, lng: 28.976543 },
      message: 'Mevcut konum kullanıldı',
    });
    expect(calls).toEqual([{ enableHighAccuracy: true, timeout: 10000, maximumAge: 300000 }]);
    expect(GEOLOCATION_OPTIONS).toEqual(calls[0]);
  });

  it('says what to check when the position is refused, and when there is no geolocation at all', async () => {
    const { api } = geolocation((_ok, fail) => fail({ code: 1, message: 'denied' } as GeolocationPositionError));
    await expect(getCurrentLocation(api)).resolves.toMatchObject({
      ok: false,
      message: 'Konum alınamadı. Lütfen tarayıcı izinlerini kontrol edin',
    });
    await expect(getCurrentLocation(null)).resolves.toMatchObject({
      ok: false,
      reason: 'unsupported',
      message: 'Tarayıcınız konum hizmetlerini desteklemiyor',
    });
  });
});
