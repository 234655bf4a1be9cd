import { describe, expect, it } from 'vitest';
import {
  formatLeadDate,
  leadCardLabel,
  leadCountLabel,
  leadsInAll,
  pageRangeLabel,
  phoneHref,
  whatsappHref,
} from './lead-facts.ts';

describe('lead facts', () => {
  it('shows dates in Turkish, Istanbul time', () => {
    expect(formatLeadDate('2026-11-21T10:05:00.000Z')).toBe('21 Kasım 2026 13:05');
    expect(formatLeadDate('bozuk')).toBe('—');
  });

  it('links a number for calling and for WhatsApp', () => {
    expect(phoneHref('+905321234567')).toBe('tel:+905321234567');
    expect(whatsappHref('+905321234567')).toBe('https://wa.me/905321234567');
  });

  it('counts in Turkish (the noun stays singular after a number)', () => {
    expect(leadCountLabel(1, false)).toBe('1 bağlantı');
    expect(leadCountLabel(1250, false)).toBe('1.250 bağlantı');
    expect(leadCountLabel(3, true)).toBe('Aramanızla eşleşen 3 bağlantı');
  });

  it('names the page range', () => {
    expect(pageRangeLabel(0, 50, 120)).toBe('1–50 / 120');
    expect(pageRangeLabel(100, 20, 120)).toBe('101–120 / 120');
    expect(pageRangeLabel(0, 0, 0)).toBe('0 / 0');
  });
});

describe("the filter's 'Tümü'", () => {
  it('given the counts per status, then their sum', () => {
    expect(leadsInAll({ new: 2, called: 1, met: 0, negative: 3 }, 2)).toBe(6);
  });

  it('given no counts yet, then the total', () => {
    expect(leadsInAll(undefined, 4)).toBe(4);
  });
});

describe("a lead's card", () => {
  it('given a name of its own, then the name and the id', () => {
    expect(leadCardLabel({ cardId: 'VC-ABC123', cardName: 'Ofis' })).toBe('Ofis (VC-ABC123)');
  });

  it('given no name, or its id as its name (an office card), then the id once', () => {
    expect(leadCardLabel({ cardId: 'VC-ABC123', cardName: null })).toBe('VC-ABC123');
    expect(leadCardLabel({ cardId: 'VC-ABC123', cardName: 'VC-ABC123' })).toBe('VC-ABC123');
  });
});
