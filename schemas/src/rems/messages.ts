/**
 * How the customer form names each interest (validation/rems.ts CUSTOMER_TYPES), in the order the
 * form offers them.
 */
export const CUSTOMER_TYPE_LABELS = {
  BUYER: 'Alıcı',
  SELLER: 'Satıcı',
  TENANT: 'Kiracı',
  LANDLORD: 'Ev Sahibi',
} as const;

/**
 * The REMS customer form's rule messages ('Görüşme Planlayın' on the public card), which the form
 * shows beside each field before sending and the server answers with (SPEC: customer form). The
 * limits named here are CUSTOMER_LIMITS in validation/rems.ts.
 */
export const REMS_CUSTOMER_FORM_MESSAGES = {
  remsFirstNameRequired: 'Ad alanı zorunludur',
  remsFirstNameTooShort: 'Ad en az 2 karakter olmalıdır',
  remsFirstNameTooLong: 'Ad en fazla 50 karakter olabilir',
  remsFirstNameInvalid: 'Ad en az bir harf içermelidir',
  remsLastNameRequired: 'Soyad alanı zorunludur',
  remsLastNameTooShort: 'Soyad en az 2 karakter olmalıdır',
  remsLastNameTooLong: 'Soyad en fazla 50 karakter olabilir',
  remsLastNameInvalid: 'Soyad en az bir harf içermelidir',
  remsPhoneRequired: 'Telefon numarası zorunludur',
  remsPhoneInvalid: 'Geçerli bir telefon numarası girin (10 haneli)',
  remsCustomerTypeRequired: 'İlgi alanı seçimi zorunludur',
  remsCustomerTypeInvalid: 'Geçerli bir ilgi alanı seçin (Alıcı, Satıcı, Kiracı veya Ev Sahibi)',
  remsEmailInvalid: 'Geçerli bir e-posta adresi girin',
  remsProvinceInvalid: 'Geçerli bir il seçin',
  remsDistrictWithoutProvince: 'İlçe seçmeden önce il seçin',
  remsDistrictInvalid: 'Geçerli bir ilçe seçin',
  remsAddressTooLong: 'Adres en fazla 500 karakter olabilir',
  remsNotesTooLong: 'Notlar en fazla 1000 karakter olabilir',
  /** The toast when the form is sent with any field in error. */
  remsFormInvalid: 'Lütfen gerekli alanları doğru şekilde doldurun',
} as const;

/**
 * The owner's API key ('REMS Entegrasyonu', `POST /api/rems/save-api-key`, `DELETE /api/rems/remove-api-key`):
 * the SPEC's texts (§5 REMS API key, §8 REMS) and the server's answers when REMS itself cannot say yes.
 */
export const REMS_KEY_MESSAGES = {
  remsApiKeyRequired: 'API anahtarı boş olamaz',
  remsApiKeyInvalidFormat: 'Geçersiz API key formatı. REMS API key\'i "rems_" ile başlamalıdır.',
  remsApiKeyInvalidCharacters:
    "API anahtarında geçersiz karakterler var. Anahtarı REMS'ten kopyaladığınız gibi, boşluksuz yapıştırın.",
  remsApiKeyTooLong: 'API anahtarı en fazla 512 karakter olabilir',
  remsApiKeySaved: 'API anahtarı başarıyla kaydedildi!',
  remsApiKeyRefused:
    "REMS bu API anahtarını kabul etmedi. Anahtarı REMS'te Profil > API Anahtarları bölümünden kontrol edip tekrar deneyin.",
  remsUnavailable: "REMS'e şu anda ulaşılamıyor, anahtar kaydedilmedi. Lütfen birkaç dakika sonra tekrar deneyin.",
  remsNotConfigured: 'REMS entegrasyonu bu sunucuda henüz kullanılamıyor. Lütfen daha sonra tekrar deneyin.',
  remsIntegrationRemoved: 'REMS entegrasyonu kaldırıldı',
  remsNoActiveIntegration: 'Aktif bir REMS entegrasyonu yok',
} as const;

/** What the 'REMS Entegrasyonu' screen itself says when a request fails or a copy succeeds (SPEC §8 REMS). */
export const REMS_SCREEN_MESSAGES = {
  remsStatusLoadFailed: 'Durum kontrol edilirken hata oluştu',
  remsStatsLoadFailed: 'İstatistikler yüklenemedi',
  remsRemoveFailed: 'Entegrasyon kaldırılırken hata oluştu',
  /** When the server gave no Turkish reason (no connection, a proxy's page). */
  remsApiKeySaveFailed: 'API anahtarı kaydedilemedi',
  remsSampleUrlCopied: 'Örnek URL panoya kopyalandı!',
  remsSampleUrlCopyFailed: 'Kopyalama başarısız! Adresi seçip kendiniz kopyalayabilirsiniz.',
} as const;

/**
 * The visitor's side of the customer form (`POST /api/rems/create-customer`): the thanks (SPEC §8
 * REMS: information saved, the card's owner will get in touch; shown 5 s), the card that takes no
 * registrations, and the line that opens the lead the owner sees in 'Bağlantılar'.
 */
export const REMS_REGISTRATION_MESSAGES = {
  remsRegistrationThanks: 'Bilgileriniz kaydedildi. Kart sahibi en kısa sürede sizinle iletişime geçecek.',
  remsRegistrationUnavailable: 'Bu kart şu anda görüşme talebi almıyor.',
  remsRegistrationFailedToast: 'Bilgileriniz kaydedilirken bir hata oluştu. Lütfen tekrar deneyin.',
  /** `productId` names no active listing of the card's owner (not a UUID, another owner's, a product, switched off). */
  remsListingNotFound: 'İlan bulunamadı',
  remsLeadHeading: 'Görüşme Planla',
  /** The disclosure on the form (with the link to the KVKK text): where the visitor's data goes. */
  remsNotice:
    'Paylaştığınız bilgiler yalnızca kart sahibinin sizinle görüşme planlayabilmesi için kart sahibine ve kart sahibinin müşteri kayıt sistemine (REMS) iletilir, başka hiçbir amaçla kullanılmaz.',
} as const;

/**
 * The owner's registrations ('Son Kayıtlar' and the counters, `GET /api/rems/stats`) and 'Tekrar Dene'
 * (`POST /api/rems/registrations/{id}/retry`, `POST /api/rems/registrations/retry-key-failures`).
 */
export const REMS_STATS_MESSAGES = {
  remsRegistrationNotFound: 'Kayıt bulunamadı',
  remsRegistrationAlreadyPending: 'Bu kayıt zaten REMS’e gönderiliyor.',
  remsRegistrationAlreadyDelivered: 'Bu kayıt zaten REMS’e iletildi.',
  remsRetryNeedsKey: 'Tekrar denemek için önce geçerli bir REMS API anahtarı kaydedin.',
  remsRetryStarted: 'Kayıt REMS’e yeniden gönderiliyor.',
  remsRetryNothingToRetry: 'Yeniden gönderilecek kayıt yok.',
  remsRetryFailed: 'Kayıt yeniden gönderilemedi',
} as const;

/** The answer to retrying every registration that failed for want of a working key. */
export function remsRetryAllStartedMessage(count: number): string {
  return `${count.toLocaleString('tr-TR')} kayıt REMS’e yeniden gönderiliyor.`;
}

/**
 * Why a registration did not reach REMS, as the owner reads it beside 'Hata' (schemas/src/rems/events.ts
 * REMS_FAILURE_REASONS). For 'rejected', REMS's own words follow when it gave any.
 */
export const REMS_FAILURE_REASON_LABELS = {
  rejected: 'REMS kaydı kabul etmedi',
  key_refused: 'REMS API anahtarını reddetti (iptal edilmiş ya da süresi dolmuş olabilir)',
  key_removed: 'Gönderildiği sırada kayıtlı bir API anahtarı yoktu',
  gave_up: 'REMS’e 24 saat boyunca ulaşılamadı',
} as const;

/**
 * Texts of the REMS integration (issue 14), in proper Turkish. Keys start with `rems` because they
 * are spread into the one MESSAGES catalogue.
 */
export const REMS_MESSAGES = {
  ...REMS_CUSTOMER_FORM_MESSAGES,
  ...REMS_KEY_MESSAGES,
  ...REMS_SCREEN_MESSAGES,
  ...REMS_REGISTRATION_MESSAGES,
  ...REMS_STATS_MESSAGES,
} as const;

/** A failed registration's reason as the owner reads it; a rejected one with REMS's own words when it gave any. */
export function remsFailureText(reason: string, remsMessage: string | null): string {
  const label =
    reason in REMS_FAILURE_REASON_LABELS
      ? REMS_FAILURE_REASON_LABELS[reason as keyof typeof REMS_FAILURE_REASON_LABELS]
      : 'REMS’e iletilemedi';
  return remsMessage ? `${label}: “${remsMessage}”` : label;
}
