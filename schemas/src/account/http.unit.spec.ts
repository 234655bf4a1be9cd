import { describe, expect, it } from 'vitest';
import { accountExportFileName } from './http.ts';

describe('the KVKK export file name', () => {
  it('given an evening in UTC that is already the next day in Istanbul, when named, then it carries the Istanbul day', () => {
    expect(accountExportFileName(new Date('2026-11-23T22:30:00Z'))).toBe('kartvizit-verilerim-2026-11-24.json');
  });

  it('given a morning, when named, then it is that day', () => {
    expect(accountExportFileName(new Date('2026-01-05T09:00:00Z'))).toBe('kartvizit-verilerim-2026-01-05.json');
  });
});
