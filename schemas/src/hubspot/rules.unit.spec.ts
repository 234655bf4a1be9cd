import { describe, expect, it } from 'vitest';
import { cleanHubSpotMessage, hubspotFailureText, splitFullName } from './rules.ts';

describe('HubSpot rules', () => {
  it('splits a full name at its last word', () => {
    expect(splitFullName('  Ayşe Nur   Yılmaz ')).toEqual({ firstName: 'Ayşe Nur', lastName: 'Yılmaz' });
    expect(splitFullName('Cem')).toEqual({ firstName: 'Cem', lastName: '' });
    expect(splitFullName('')).toEqual({ firstName: '', lastName: '' });
  });

  it('keeps no e-mail address or phone number of HubSpot\'s message', () => {
    const cleaned = cleanHubSpotMessage('Property values were not valid: email "ayse@example.com" phone +90 532 123 45 67');
    expect(cleaned).toBe('Property values were not valid: email "…" phone …');
    expect(cleanHubSpotMessage(42)).toBeNull();
    expect(cleanHubSpotMessage('   ')).toBeNull();
    expect(cleanHubSpotMessage('x'.repeat(500))).toHaveLength(200);
  });

  it('says each failure in Turkish', () => {
    expect(hubspotFailureText('rejected', 'bad')).toBe('HubSpot kaydı kabul etmedi: bad');
    expect(hubspotFailureText('token_refused', null)).toContain('yeniden bağlayın');
  });
});
