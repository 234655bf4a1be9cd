import { GEOCODING_MESSAGES } from './geocoding/messages.ts';
import { CARD_MESSAGES } from './card/messages.ts';
import { PROFILE_MESSAGES } from './profile/messages.ts';
import { LEAD_MESSAGES } from './lead/messages.ts';
import { STATISTICS_MESSAGES } from './statistics/messages.ts';
import { DEMO_MESSAGES } from './demo/messages.ts';
import { PRODUCT_MESSAGES } from './product/messages.ts';
import { LISTING_MESSAGES } from './product/listing-messages.ts';
import { ACCOUNT_MESSAGES } from './account/messages.ts';
import { SECURITY_MESSAGES } from './account/security-messages.ts';
import { API_TOKEN_MESSAGES } from './account/token-messages.ts';
import { MEETING_MESSAGES } from './meeting/messages.ts';
import { REMS_MESSAGES } from './rems/messages.ts';
import { WEBHOOK_MESSAGES } from './webhook/messages.ts';
import { OPERATIONS_MESSAGES } from './operations/messages.ts';
import { OFFICE_MESSAGES } from './office/messages.ts';
import { SHARE_MESSAGES } from './share/messages.ts';
import { WALLET_MESSAGES } from './wallet/messages.ts';
import { HUBSPOT_MESSAGES } from './hubspot/messages.ts';

/**
 * Every text a person reads that the server or more than one screen produces.
 * Spelling: proper Turkish letters even where the spec transliterates to ASCII.
 */
const CORE_MESSAGES = {
  // Session and authentication (SPEC §8)
  sessionExpired: 'Oturumunuz sonlandı, lütfen tekrar giriş yapın.',
  loginSuccess: 'Giriş başarılı!',
  loginFailed: 'Giriş başarısız oldu.',
  loginError: 'Giriş sırasında bir hata oluştu.',
  registerSuccess: 'Kayıt başarılı!',
  registerRedirect: 'Kayıt başarılı! Yönlendiriliyorsunuz...',
  registerFailed: 'Kayıt başarısız oldu.',
  registerError: 'Kayıt sırasında bir hata oluştu.',
  passwordChanged: 'Şifre başarıyla değiştirildi!',
  passwordChangeFailed: 'Şifre değiştirilemedi.',
  passwordChangeError: 'Şifre değiştirme sırasında bir hata oluştu.',
  // Password reset (issue 13)
  resetLinkSent:
    'Bu e-posta adresiyle kayıtlı bir hesap varsa şifre sıfırlama bağlantısını gönderdik. Gelen kutunuzu (ve gereksiz klasörünü) kontrol edin; bağlantı 30 dakika geçerlidir.',
  resetLinkInvalid: 'Bu şifre sıfırlama bağlantısı geçersiz ya da süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
  passwordResetDone: 'Şifreniz yenilendi, giriş yaptınız.',

  // Validation (SPEC §5)
  fillAllFields: 'Lütfen tüm alanları doldurun',
  passwordTooShort: 'Şifre en az 6 karakter uzunluğunda olmalıdır',
  passwordTooLong: 'Şifre en fazla 128 karakter olabilir',
  passwordsDoNotMatch: 'Şifreler eşleşmiyor',
  invalidEmail: 'Geçerli bir e-posta adresi girin',
  invalidName: 'Ad ve soyad yalnızca harf, boşluk, kesme işareti, nokta ve tire içerebilir',
  nameTooLong: 'Ad ve soyad en fazla 50 karakter olabilir',
  newPasswordSameAsCurrent: 'Yeni şifre mevcut şifreden farklı olmalıdır',

  // Account outcomes decided by the server
  emailTaken: 'Bu e-posta adresiyle kayıtlı bir hesap zaten var',
  invalidCredentials: 'E-posta veya şifre hatalı',
  currentPasswordWrong: 'Mevcut şifre hatalı',
  accountNotFound: 'Hesap bulunamadı',
  unauthenticated: 'Bu işlem için giriş yapmalısınız',
  tooManyRequests: 'Çok fazla deneme yaptınız. Lütfen biraz sonra tekrar deneyin.',

  // Clipboard (SPEC §8)
  copied: 'Kopyalandı!',
  copyFailed: 'Kopyalama başarısız!',

  // Generic HTTP problems, never a raw English error
  invalidJson: 'İstek gövdesi geçerli bir JSON değil',
  bodyTooLarge: 'İstek gövdesi çok büyük',
  unsupportedMediaType: 'Desteklenmeyen içerik türü',
  invalidRequest: 'İstek geçersiz',
  // NUL and unpaired surrogates: no keyboard types them, PostgreSQL refuses them (docs/decisions/0012).
  unsafeCharacters: 'Gönderilen bilgilerde geçersiz karakterler var',
  imageProcessingBusy: 'Şu anda çok sayıda görsel işleniyor. Lütfen birkaç saniye sonra tekrar deneyin.',
  invalidUrl: 'İstek adresi geçersiz',
  urlTooLong: 'İstek adresi çok uzun',
  headersTooLarge: 'İstek başlıkları çok büyük',
  requestTimeout: 'İstek zaman aşımına uğradı, lütfen tekrar deneyin',
  shuttingDown: 'Hizmet yeniden başlatılıyor, lütfen birkaç saniye sonra tekrar deneyin',
  notFound: 'İstenen kaynak bulunamadı',
  methodNotAllowed: 'Bu yöntem desteklenmiyor',
  conflict: 'Kayıt aynı anda başka bir işlemle değişti, lütfen tekrar deneyin',
  serverError: 'Beklenmeyen bir hata oluştu. Lütfen daha sonra tekrar deneyin.',
  staleRead: 'Son değişiklikler henüz yansımadı, veriler birkaç saniye içinde güncellenecek',

  // Pages
  pageNotFoundTitle: 'Sayfa Bulunamadı',
  pageNotFoundText: 'Aradığınız sayfa bulunamadı veya taşınmış olabilir.',
  defaultUserName: 'Kullanıcı',
} as const;

/** Feature catalogues live in messages/<feature>.ts and are spread in here. */
export const MESSAGES = {
  ...CORE_MESSAGES,
  ...PROFILE_MESSAGES,
  ...GEOCODING_MESSAGES,
  ...CARD_MESSAGES,
  ...LEAD_MESSAGES,
  ...STATISTICS_MESSAGES,
  ...DEMO_MESSAGES,
  ...PRODUCT_MESSAGES,
  ...LISTING_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...SECURITY_MESSAGES,
  ...API_TOKEN_MESSAGES,
  ...REMS_MESSAGES,
  ...WEBHOOK_MESSAGES,
  ...MEETING_MESSAGES,
  ...OPERATIONS_MESSAGES,
  ...OFFICE_MESSAGES,
  ...SHARE_MESSAGES,
  ...WALLET_MESSAGES,
  ...HUBSPOT_MESSAGES,
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Turkish labels of request fields, for validation messages that name a field. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  language: 'Dil',
  lang: 'Dil',
  slug: 'Adres',
  cardId: 'Kart',
  foreground: 'Ön plan rengi',
  background: 'Arka plan rengi',
  logo: 'Logo',
  email: 'E-posta',
  password: 'Şifre',
  firstName: 'Ad',
  lastName: 'Soyad',
  currentPassword: 'Mevcut şifre',
  newPassword: 'Yeni şifre',
  deviceTokens: 'Cihaz anahtarları',
  enabled: 'E-posta bildirimi',
  apiKey: 'API anahtarı',
  title: 'Başlık',
  description: 'Açıklama',
  startTime: 'Başlangıç zamanı',
  start: 'Başlangıç zamanı',
  end: 'Bitiş zamanı',
  endTime: 'Bitiş zamanı',
  attendees: 'Katılımcılar',
  organizer: 'Düzenleyici',
  topic: 'Konu',
  duration: 'Süre',
  eventTypeId: 'Etkinlik tipi ID',
  credentials: 'Google oturumu',
  accessToken: 'Microsoft oturumu',
  zoomToken: 'Zoom oturumu',
  calendlyToken: 'Calendly oturumu',
  // The web vitals beacon (issue 17).
  page: 'Sayfa türü',
  metrics: 'Ölçüm değerleri',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

export const VALIDATION_MESSAGES = {
  required: (field: string) => `${fieldLabel(field)} alanı zorunludur`,
  mustBeText: (field: string) => `${fieldLabel(field)} alanı metin olmalıdır`,
  tooLong: (field: string, max: number) => `${fieldLabel(field)} en fazla ${max} karakter olabilir`,
  unknownField: (field: string) => `Tanınmayan alan: ${field}`,
  invalid: (field: string) => `${fieldLabel(field)} alanı geçersiz`,
} as const;
