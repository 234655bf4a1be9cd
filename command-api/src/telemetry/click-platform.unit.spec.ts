import { describe, expect, it } from 'vitest';
import { clickPlatform } from './ingestion.ts';

describe('clickPlatform', () => {
  it('keeps a social platform the profile can store, and calls anything else "other"', () => {
    expect(clickPlatform('social', 'instagram')).toBe('instagram');
    expect(clickPlatform('social', ' LinkedIn ')).toBe('linkedin');
    expect(clickPlatform('social', 'x')).toBe('twitter');
    expect(clickPlatform('social', 'medium')).toBe('medium');
    expect(clickPlatform('social', '<script>')).toBe('other');
    expect(clickPlatform('social', null)).toBe('other');
  });

  it('keeps the map service of a directions click', () => {
    expect(clickPlatform('directions', 'google')).toBe('google');
    expect(clickPlatform('directions', 'Apple')).toBe('apple');
    expect(clickPlatform('directions', 'waze')).toBe('waze');
    expect(clickPlatform('directions', 'yandex')).toBeNull();
    expect(clickPlatform('directions', undefined)).toBeNull();
  });

  it('has no platform for the other click types', () => {
    for (const type of ['phone', 'email', 'website', 'address', 'vcard'] as const)
      expect(clickPlatform(type, 'instagram')).toBeNull();
  });
});
