import { describe, expect, it } from 'vitest';
import {
  geocodeAddressProblem,
  isTurkey,
  isValidCoordinates,
  joinAddress,
  latitudeProblem,
  longitudeProblem,
} from './rules.ts';

describe('joinAddress (SPEC §5)', () => {
  it('joins street, city, state, zip code and country in that order, skipping empties', () => {
    expect(
      joinAddress({ country: 'Türkiye', zipCode: '06420', state: 'Çankaya', city: 'Ankara', street: 'Atatürk Blv. 1' }),
    ).toBe('Atatürk Blv. 1, Ankara, Çankaya, 06420, Türkiye');
    expect(joinAddress({ street: '   ', city: ' İzmir ', state: '', country: 'Türkiye' })).toBe('İzmir, Türkiye');
    expect(joinAddress({ city: 'Kadıköy\n  İstanbul' })).toBe('Kadıköy İstanbul');
    expect(joinAddress({})).toBe('');
  });
});

describe('geocodeAddressProblem', () => {
  it('needs a city of at least 2 characters after trimming', () => {
    expect(geocodeAddressProblem({ street: 'Bir sokak' })).toBe('Minimum şehir bilgisi gerekli');
    expect(geocodeAddressProblem({ city: '  A  ' })).toBe('Minimum şehir bilgisi gerekli');
    expect(geocodeAddressProblem({ city: 'Of' })).toBeNull();
  });
});

describe('isTurkey', () => {
  it('recognises Türkiye however it is written, and treats an empty country as the default', () => {
    for (const name of ['Türkiye', 'TÜRKİYE', 'turkiye', 'TURKIYE', 'Turkey', 'TR', '', undefined])
      expect(isTurkey(name)).toBe(true);
    for (const name of ['Almanya', 'Kıbrıs', 'Turkmenistan']) expect(isTurkey(name)).toBe(false);
  });
});

describe('coordinates', () => {
  it('checks latitude and longitude ranges with Turkish messages', () => {
    expect(latitudeProblem(39.9334)).toBeNull();
    expect(latitudeProblem(90.0001)).toBe('Enlem -90 ile 90 arasında olmalıdır');
    expect(latitudeProblem(Number.NaN)).toBe('Enlem -90 ile 90 arasında olmalıdır');
    expect(longitudeProblem(-180)).toBeNull();
    expect(longitudeProblem(181)).toBe('Boylam -180 ile 180 arasında olmalıdır');
    expect(isValidCoordinates({ lat: 39.9334, lng: 32.8597 })).toBe(true);
    expect(isValidCoordinates({ lat: 39.9334, lng: Infinity })).toBe(false);
  });
});
