import { describe, expect, it } from 'vitest';
import { DbIpCityLookup, isPublicAddress, normaliseAddress } from './geoip.ts';
import { TURKISH_PROVINCE_COUNT, turkishProvince } from './turkish-provinces.ts';

describe('addresses', () => {
  it('normalises IPv4-mapped IPv6, case and zones, and refuses what is no address', () => {
    expect(normaliseAddress('::ffff:203.0.113.45')).toBe('203.0.113.45');
    expect(normaliseAddress('2A02:E0::1')).toBe('2a02:e0::1');
    expect(normaliseAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normaliseAddress('example.com')).toBeNull();
    expect(normaliseAddress('')).toBeNull();
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.5',
    '192.168.1.10',
    '100.64.3.4',
    '169.254.1.1',
    '203.0.113.45',
    '172.31.255.255',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    'fd00::1',
    'fe80::1',
    '2001:db8::1',
  ])('%s is not a public address', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['88.255.1.1', '8.8.8.8', '172.32.0.1', '223.255.255.255', '2a02:e0::1'])('%s is a public address', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('Turkish provinces', () => {
  it('knows all 81 and reads the spellings geolocation data uses', () => {
    expect(TURKISH_PROVINCE_COUNT).toBe(81);
    expect(turkishProvince('Istanbul')).toBe('İstanbul');
    expect(turkishProvince('Izmir Province')).toBe('İzmir');
    expect(turkishProvince('Sanliurfa')).toBe('Şanlıurfa');
    expect(turkishProvince('Igdir')).toBe('Iğdır');
    expect(turkishProvince('Gumushane Province')).toBe('Gümüşhane');
    expect(turkishProvince('Icel')).toBe('Mersin');
    expect(turkishProvince('Umraniye')).toBeNull();
  });
});

describe('DbIpCityLookup (DB-IP City Lite from npm, read offline)', () => {
  const geo = new DbIpCityLookup();

  it('answers a Turkish address with the country code and the province in Turkish', async () => {
    const place = await geo.locate('88.255.1.1');
    expect(place.country).toBe('TR');
    expect(place.city && turkishProvince(place.city)).toBe(place.city);
  });

  it('reads IPv6 and IPv4-mapped addresses', async () => {
    expect((await geo.locate('2a02:e0::1')).country).toBe('TR');
    expect((await geo.locate('::ffff:8.8.8.8')).country).toBe('US');
  });

  it('says unknown for local, private and reserved addresses and for garbage', async () => {
    for (const address of ['127.0.0.1', '::1', '192.168.1.10', '203.0.113.45', 'not-an-address']) {
      expect(await geo.locate(address)).toEqual({ country: null, city: null });
    }
  });

  it('says unknown, without throwing, when the database cannot be read', async () => {
    const lines: string[] = [];
    const broken = new DbIpCityLookup({ directory: '/nonexistent/geoip', log: (line) => lines.push(line) });
    expect(await broken.locate('88.255.1.1')).toEqual({ country: null, city: null });
    expect(lines.join('\n')).not.toContain('88.255.1.1');
  });
});
