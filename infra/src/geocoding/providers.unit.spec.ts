import { describe, expect, it } from 'vitest';
import { parseGoogleAnswer } from './google.ts';
import { parseNominatimAnswer } from './nominatim.ts';
import { GeocoderUnavailableError } from './types.ts';

describe('parseGoogleAnswer', () => {
  const result = (lat: number, lng: number, locationType = 'ROOFTOP') => ({
    formatted_address: 'Kızılay, Ankara',
    geometry: { location: { lat, lng }, location_type: locationType },
  });

  it('reads location, formatted address and APPROXIMATE as approximate', () => {
    expect(parseGoogleAnswer({ status: 'OK', results: [result(39.92, 32.85), result(1, 2, 'APPROXIMATE')] })).toEqual([
      { lat: 39.92, lng: 32.85, formattedAddress: 'Kızılay, Ankara', approximate: false },
      { lat: 1, lng: 2, formattedAddress: 'Kızılay, Ankara', approximate: true },
    ]);
  });

  it('treats ZERO_RESULTS as a definite miss and every other status as unavailable', () => {
    expect(parseGoogleAnswer({ status: 'ZERO_RESULTS', results: [] })).toEqual([]);
    for (const body of [
      { status: 'OVER_QUERY_LIMIT' },
      { status: 'REQUEST_DENIED' },
      { status: 'OK', results: [{}] },
      null,
      [],
    ]) {
      expect(() => parseGoogleAnswer(body)).toThrow(GeocoderUnavailableError);
    }
  });
});

describe('parseNominatimAnswer', () => {
  it('reads string coordinates, display name, and calls a low-importance area hit approximate', () => {
    expect(
      parseNominatimAnswer([
        { lat: '39.9', lon: '32.8', display_name: 'Ankara', importance: 0.7, place_rank: 16 },
        { lat: '37.8', lon: '32.4', display_name: 'Konya', importance: 0.1, place_rank: 16 },
        { lat: '39.91', lon: '32.85', display_name: 'Sokak', importance: 0.05, place_rank: 26 },
      ]),
    ).toEqual([
      { lat: 39.9, lng: 32.8, formattedAddress: 'Ankara', approximate: false },
      { lat: 37.8, lng: 32.4, formattedAddress: 'Konya', approximate: true },
      { lat: 39.91, lng: 32.85, formattedAddress: 'Sokak', approximate: false },
    ]);
  });

  it('treats an empty list as a miss and anything unreadable as unavailable', () => {
    expect(parseNominatimAnswer([])).toEqual([]);
    expect(() => parseNominatimAnswer({ error: 'x' })).toThrow(GeocoderUnavailableError);
    expect(() => parseNominatimAnswer([{ lat: 'kuzey', lon: '1' }])).toThrow(GeocoderUnavailableError);
  });
});
