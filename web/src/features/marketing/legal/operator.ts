import type { OwnerLanguage } from '@kartvizit/schemas/language/model';

/**
 * The company that runs this installation, as the legal texts name it. Each value in square
 * brackets is still to be filled in by that company (the operator): the pages show such values
 * highlighted, and a note on every legal page says so until none is left. Where a value is a
 * choice (retention, providers), the placeholder says what the product does by itself.
 * Have the finished texts reviewed by a lawyer before publishing them.
 */
export const OPERATOR = {
  companyName: '[Şirket unvanı]',
  mersisNo: '[MERSİS no]',
  address: '[Adres]',
  kepAddress: '[KEP adresi]',
  email: '[İletişim e-postası]',
  phone: '[Telefon]',
  /** Where the servers and the database run (a processor; abroad: KVKK md. 9). */
  hosting: '[Barındırma hizmeti sağlayıcısı ve ülkesi]',
  transferBasis:
    '[Yurt dışına aktarım varsa KVKK md. 9 kapsamındaki dayanak, ör. Kurul’a bildirilmiş standart sözleşme; yoksa: veriler Türkiye’de saklanır]',
  /** GOOGLE_MAPS_API_KEY, NOMINATIM_URL. */
  geocoder:
    '[Adres arama hizmeti — varsayılan: OpenStreetMap Vakfı’nın Nominatim hizmeti, Birleşik Krallık; Google anahtarı tanımlıysa önce Google Maps Platform, ABD]',
  /** MAP_TILE_URL. */
  mapTiles: '[Harita karo hizmeti — varsayılan: OpenStreetMap Vakfı, tile.openstreetmap.org, Birleşik Krallık]',
  statisticsRetention: '[Anonim istatistiklerin saklama süresi — ürün bunları kendiliğinden silmez]',
  logRetention: '[Sunucu ve ters vekil sunucu günlüklerinin saklama süresi]',
  backupRetention: '[Veritabanı yedeklerinin saklama süresi ve imha yöntemi]',
  physicalCards: '[Fiziksel kart sipariş, teslimat, cayma ve iade koşulları]',
  noticePeriod: '[bildirim süresi, ör. 30 gün]',
  courts: '[Şehir]',
} as const;

export type OperatorField = keyof typeof OPERATOR;

/**
 * The operator's details in the KVKK disclosure's other languages (issue 31): a detail that is a sentence or names a
 * country (hosting, transferBasis, retention periods) may be given here in each language, once filled in above. A
 * detail not given shows the Turkish one, marked as Turkish (lang="tr"); names, addresses and e-mail addresses need no
 * translation.
 */
export const OPERATOR_TRANSLATIONS: {
  readonly [L in OwnerLanguage]?: { readonly [F in OperatorField]?: string };
} = {};

export function isUnfilled(value: string): boolean {
  return value.startsWith('[') && value.endsWith(']');
}

export function unfilledOperatorFields(operator: Readonly<Record<string, string>> = OPERATOR): string[] {
  return Object.keys(operator).filter((field) => isUnfilled(operator[field] ?? ''));
}
