import { describe, expect, it } from 'vitest';
import { LISTING_MESSAGES } from './listing-messages.ts';
import { parseCalendarDate, parseWholeNumber, parseYetkiBelgesiNo, validateListingInput } from './listing-rules.ts';

describe('the listing rules', () => {
  it('read whole numbers the Turkish way', () => {
    expect(parseWholeNumber('1.250', { min: 1, max: 10_000 })).toEqual({ ok: true, value: 1250 });
    expect(parseWholeNumber('1 250', { min: 1, max: 10_000 })).toEqual({ ok: true, value: 1250 });
    expect(parseWholeNumber('-1', { min: -5, max: 200 })).toEqual({ ok: true, value: -1 });
    expect(parseWholeNumber('', { min: 1, max: 10 })).toEqual({ ok: true, value: null });
    expect(parseWholeNumber('12,5', { min: 1, max: 100 })).toEqual({ ok: false });
    expect(parseWholeNumber('1.25', { min: 1, max: 100 })).toEqual({ ok: false });
  });

  it('read a date as e-Devlet writes it or as a date input sends it, and refuse a day that does not exist', () => {
    expect(parseCalendarDate('31.12.2026')).toBe('2026-12-31');
    expect(parseCalendarDate('1.3.2027')).toBe('2027-03-01');
    expect(parseCalendarDate('2027-02-28')).toBe('2027-02-28');
    expect(parseCalendarDate('29.02.2027')).toBeNull();
    expect(parseCalendarDate('2027/02/01')).toBeNull();
  });

  it('take a minimal flat: purpose, type, place and authorisation', () => {
    const result = validateListingInput({
      purpose: 'dailyRent',
      propertyType: 'summerHouse',
      il: '48',
      ilce: 'BODRUM',
      eids: { number: 'eids-9', validUntil: '2027-06-30' },
    });
    expect(result).toMatchObject({
      ok: true,
      value: { purpose: 'dailyRent', il: 'Muğla', ilce: 'Bodrum', rooms: null, furnished: null, eids: { number: 'EIDS-9' } },
    });
  });

  it('refuse a room count in words, naming the field', () => {
    expect(validateListingInput({ purpose: 'sale', propertyType: 'apartment', rooms: 'üç artı bir' })).toEqual({
      ok: false,
      message: LISTING_MESSAGES.listingRoomsInvalid,
      field: 'listing.rooms',
    });
  });

  it('read a yetki belgesi number with spaces, and refuse letters', () => {
    expect(parseYetkiBelgesiNo('34 01234')).toEqual({ ok: true, value: '3401234' });
    expect(parseYetkiBelgesiNo('')).toEqual({ ok: true, value: '' });
    expect(parseYetkiBelgesiNo('YB-34')).toEqual({ ok: false, message: LISTING_MESSAGES.yetkiBelgesiInvalid });
  });
});
