/** Texts of the card screens and the card API (SPEC §5 "Card ID", §8 "Cards"), in proper Turkish. */
export const CARD_MESSAGES = {
  // Card id and name rules (SPEC §5)
  cardIdRequired: 'Lütfen kart ID girin',
  cardIdInvalid: 'Geçersiz kart ID formatı',
  cardVirtualIdInvalid: 'Sanal kart ID\'si "VC-" ile başlamalı ve 6 büyük harf veya rakamla devam etmelidir',
  cardNameRequired: 'Lütfen kart için bir isim belirtin',
  cardVirtualNameRequired: 'Lütfen sanal kart için bir isim belirtin',
  cardNameTooLong: 'Kart ismi en fazla 50 karakter olabilir',
  cardNameInvalid: "Kart ismi yalnızca harf, rakam, boşluk ve . , ' - & ( ) / # + işaretlerini içerebilir",
  cardTypeInvalid: 'Yalnızca sanal kart oluşturulabilir',
  cardColorInvalid: 'Geçersiz kart rengi',

  // Outcomes decided by the server
  cardNotFoundById: "Bu ID'ye sahip kart sistemde bulunamadı",
  cardNotFound: 'Kart bulunamadı',
  cardAlreadyActivated: 'Bu kart zaten aktifleştirilmiş',
  cardNotActivatedYet: 'Kart henüz aktifleştirilmemiş',
  cardAlreadyDeactivated: 'Kart zaten devre dışı',
  cardAlreadyActive: 'Kart zaten aktif',
  cardNameTaken: 'Bu isimde başka bir kartınız var',
  cardIdTaken: "Bu kart ID'si zaten kullanılıyor, lütfen tekrar deneyin",
  cardNeedsProfileToActivate: 'Kart aktifleştirmeden önce profil oluşturmanız gerekiyor',
  cardNeedsProfileToCreate: 'Kart oluşturabilmek için lütfen profilinizi tamamlayın',
  cardPublicProfileNotFound: 'Profil bulunamadı',

  // Successes (SPEC §8)
  cardActivated: 'Kart başarıyla aktifleştirildi!',
  cardVirtualCreated: 'Sanal kart oluşturuldu!',
  cardVirtualCreatedAndActivated: 'Sanal kart oluşturuldu ve aktifleştirildi!',
  cardDeactivated: 'Kart başarıyla devre dışı bırakıldı',
  cardReactivated: 'Kart başarıyla yeniden aktifleştirildi',
  cardQrRegenerated: 'QR kod başarıyla yenilendi',

  // What the screens say when a call fails without a server message (SPEC §8)
  cardsLoadError: 'Kartlar alınırken bir hata oluştu',
  cardActionFailed: 'İşlem başarısız oldu',
  cardActionError: 'İşlem sırasında bir hata oluştu',
  cardCheckError: 'Kart kontrolü sırasında bir hata oluştu',
  cardActivationError: 'Kart aktifleştirme sırasında bir hata oluştu',
  cardActivationFailed: 'Kart aktifleştirilemedi',
  cardVirtualCreateError: 'Sanal kart oluşturulurken bir hata oluştu',
  cardsEmpty: 'Henüz aktif kartınız bulunmamaktadır',
} as const;

/**
 * An office admin's order of physical cards, uploaded as a CSV (provisioning-csv.ts): each problem names its line,
 * so the admin can find it in the spreadsheet.
 */
export const CARD_ORDER_MESSAGES = {
  atLine: (line: number, problem: string) => `${line}. satır: ${problem}`,
  empty: 'Dosya boş: başlık satırı (tür,renk,adet) ve en az bir kart satırı olmalı',
  noRows: 'Dosyada kart satırı yok: başlıktan sonra en az bir satır yazın',
  tooLong: (maxKilobytes: number) => `Dosya çok büyük: en fazla ${maxKilobytes} KB olabilir`,
  headerMissing: 'ilk satır başlık olmalı: tür,renk,adet (ya da type,color,count)',
  missingColumn: (name: string) => `"${name}" sütunu eksik (başlık: tür,renk,adet ya da type,color,count)`,
  unknownColumn: (name: string) => `bilinmeyen sütun "${name}" (yalnızca tür, renk ve adet)`,
  duplicateColumn: (name: string) => `"${name}" sütunu iki kez yazılmış`,
  fieldCount: (expected: number, found: number) => `${expected} alan olmalı, ${found} alan var`,
  unclosedQuote: 'tırnak işareti kapanmamış',
  typeMissing: 'kart türü boş',
  typeUnknown: (value: string) => `bilinmeyen kart türü "${value}"`,
  colorMissing: 'kart rengi boş',
  colorUnknown: (value: string) => `bilinmeyen kart rengi "${value}"`,
  countMissing: 'adet boş',
  countInvalid: (value: string) => `adet 1 veya daha büyük bir tam sayı olmalı ("${value}")`,
  tooMany: (max: number, total: number) =>
    `Bir siparişte en fazla ${max} kart üretilebilir; dosyada ${total.toLocaleString('tr-TR')} kart var`,
  provisioned: (count: number) => `${count} fiziksel kart üretildi`,
  invalidOrder: (problems: number) => `Sipariş dosyasında ${problems} hata var, hiçbir kart üretilmedi`,
} as const;
