import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '../event-store/types.ts';
import {
  MAX_PROJECTION_SIGNAL_BYTES,
  formatProjectionAdvanced,
  parseProjectionAdvanced,
} from './projection-advanced.ts';

const checkpoint = '812:4711' as Checkpoint;

describe('the projection_advanced payload', () => {
  it('names the projection, the checkpoint and whose data changed; old readers still split off the first two', () => {
    const owners = [randomUUID(), randomUUID()];
    const payload = formatProjectionAdvanced('statistics', checkpoint, [...owners, owners[0] ?? '']);
    expect(payload).toBe(`statistics 812:4711 ${owners.join(',')}`);
    expect(parseProjectionAdvanced(payload)).toEqual({ projection: 'statistics', checkpoint, touched: owners });
    const [name, position] = payload.split(' ');
    expect([name, position]).toEqual(['statistics', '812:4711']);
  });

  it('says "nobody" for an empty list and "anyone" when the projection does not say', () => {
    expect(parseProjectionAdvanced(formatProjectionAdvanced('statistics', checkpoint, []))?.touched).toEqual([]);
    expect(formatProjectionAdvanced('cards', checkpoint)).toBe('cards 812:4711');
    expect(parseProjectionAdvanced('cards 812:4711')?.touched).toBe('*');
    expect(parseProjectionAdvanced('cards ')).toEqual({ projection: 'cards', checkpoint: null, touched: '*' });
  });

  it('falls back to "anyone" when the ids would not fit in a notification, or are not ids', () => {
    const many = Array.from({ length: 400 }, () => randomUUID());
    const payload = formatProjectionAdvanced('statistics', checkpoint, many);
    expect(payload).toBe('statistics 812:4711 *');
    const fitting = many.slice(0, 150);
    const fits = formatProjectionAdvanced('statistics', checkpoint, fitting);
    expect(fits.length).toBeLessThanOrEqual(MAX_PROJECTION_SIGNAL_BYTES);
    expect(parseProjectionAdvanced(fits)?.touched).toEqual(fitting);
    expect(formatProjectionAdvanced('statistics', checkpoint, ['a b', 'c'])).toBe('statistics 812:4711 *');
    expect(formatProjectionAdvanced('statistics', checkpoint, ['a,b'])).toBe('statistics 812:4711 *');
  });
});
