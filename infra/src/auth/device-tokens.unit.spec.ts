import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVICE_TOKEN_MAX_AGE_MS, DeviceTokens, newDeviceId } from './device-tokens.ts';

const devices = new DeviceTokens(randomBytes(32));
const issuedAt = new Date('2026-11-21T10:00:00.000Z');
const after = (ms: number) => new Date(issuedAt.getTime() + ms);
const email = 'ayse@example.com';

describe('device tokens', () => {
  const deviceId = newDeviceId();
  const token = devices.issue(email, deviceId, issuedAt);

  it('carry a device id, the issue time and a signature, never the address', () => {
    expect(token).toMatch(/^d1\.[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(token).not.toContain('ayse');
  });

  it('are recognised for the address they were issued for, for 180 days', () => {
    expect(devices.recognise([token], email, issuedAt)).toBe(deviceId);
    expect(devices.recognise([token], email, after(DEVICE_TOKEN_MAX_AGE_MS))).toBe(deviceId);
    expect(devices.recognise([token], email, after(DEVICE_TOKEN_MAX_AGE_MS + 1))).toBeNull();
  });

  it('are not recognised for another address, from another key, or altered', () => {
    expect(devices.recognise([token], 'baska@example.com', issuedAt)).toBeNull();
    expect(new DeviceTokens(randomBytes(32)).recognise([token], email, issuedAt)).toBeNull();
    const [version, id, , signature] = token.split('.');
    expect(devices.recognise([`${version}.${id}.${issuedAt.getTime() + 1}.${signature}`], email, issuedAt)).toBeNull();
    expect(devices.recognise([`${version}.${newDeviceId()}.${issuedAt.getTime()}.${signature}`], email, issuedAt)).toBeNull();
    expect(devices.recognise(['', 'd1', 'garbage', `${token}x`], email, issuedAt)).toBeNull();
  });

  it('are not recognised when issued in the future beyond a minute of clock difference', () => {
    expect(devices.recognise([token], email, after(-60_000))).toBe(deviceId);
    expect(devices.recognise([token], email, after(-60_001))).toBeNull();
  });

  it('pick the one token of the address among a shared computer’s tokens', () => {
    const other = devices.issue('baska@example.com', newDeviceId(), issuedAt);
    expect(devices.recognise([other, token], email, issuedAt)).toBe(deviceId);
  });
});
