/**
 * Turkish texts of address lookup, the map picker and the browser's location (SPEC §5, §8).
 * Spread into MESSAGES; the failure hints are a list, so they live beside it.
 */
export const GEOCODING_MESSAGES = {
  geocodeCityRequired: 'Minimum şehir bilgisi gerekli',
  geocodeNotFound: 'Adres için konum bulunamadı',
  geolocationUsed: 'Mevcut konum kullanıldı',
  geolocationDenied: 'Konum alınamadı. Lütfen tarayıcı izinlerini kontrol edin',
  geolocationUnsupported: 'Tarayıcınız konum hizmetlerini desteklemiyor',
  latitudeOutOfRange: 'Enlem -90 ile 90 arasında olmalıdır',
  longitudeOutOfRange: 'Boylam -180 ile 180 arasında olmalıdır',
} as const;

/** What the user can do when an address finds no location (SPEC §8), in the order shown. */
export const GEOCODE_FAILURE_HINTS: readonly string[] = [
  'Adresi daha detaylı yazın',
  'Şehir ve ülke bilgilerini kontrol edin',
  'Haritadan manuel olarak konum seçin',
];
