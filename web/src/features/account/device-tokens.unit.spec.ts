import { describe, expect, it } from 'vitest';
import { parseDeviceTokens, withDeviceToken } from './device-tokens.ts';

const sig = 'A'.repeat(43);
const token = (device: string, issuedAt = 1) => `d1.${device.padEnd(22, 'x')}.${issuedAt}.${sig}`;

describe('withDeviceToken', () => {
  it('given no tokens, keeps the new one', () => {
    expect(withDeviceToken([], token('a'))).toEqual([token('a')]);
  });

  it('given a token of the same device, replaces it and puts the renewed one first', () => {
    expect(withDeviceToken([token('b'), token('a', 1)], token('a', 2))).toEqual([token('a', 2), token('b')]);
  });

  it('given five tokens of other addresses, drops the oldest', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((device) => token(device));
    expect(withDeviceToken(five, token('f'))).toEqual([token('f'), ...five.slice(0, 4)]);
  });

  it('given something that is not a device token, leaves the list as it was', () => {
    expect(withDeviceToken([token('a')], 'eyJhbGciOi.x.y')).toEqual([token('a')]);
  });
});

describe('parseDeviceTokens', () => {
  it.each([
    ['nothing stored', null],
    ['not JSON', '{'],
    ['not a list', '{"a":1}'],
    ['a list of other things', '[1, null, "session-token"]'],
  ])('gives no tokens for %s', (_case, stored) => {
    expect(parseDeviceTokens(stored)).toEqual([]);
  });

  it('keeps the device tokens of a stored list, at most five', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((device) => token(device));
    expect(parseDeviceTokens(JSON.stringify([42, ...six]))).toEqual(six.slice(0, 5));
  });
});
