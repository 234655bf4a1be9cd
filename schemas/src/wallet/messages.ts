/** What the wallet passes (issue 32) say: Apple's and Google's 'add to wallet' answers. */
export const WALLET_MESSAGES = {
  appleNotConfigured: 'Bu sunucu Apple Wallet için ayarlanmamış.',
  googleNotConfigured: 'Bu sunucu Google Wallet için ayarlanmamış.',
  // Apple's pass web service (the device's calls; Wallet does not show them, an operator reading the answers does).
  applePassNotFound: 'Bu Apple Wallet kartı bulunamadı.',
  applePassUnauthorized: 'Apple Wallet kartının doğrulama bilgisi geçersiz.',
  appleDeviceInvalid: 'Cihaz kimliği geçersiz.',
  applePushTokenInvalid: 'Bildirim anahtarı (pushToken) geçersiz.',
  appleUpdateTagInvalid: 'Güncelleme etiketi (passesUpdatedSince) geçersiz.',
  applePassRegistered: 'Cihaz bu kartın güncellemeleri için kaydedildi.',
  applePassAlreadyRegistered: 'Cihaz bu kart için zaten kayıtlı.',
  applePassUnregistered: 'Cihazın bu kart için kaydı silindi.',
  appleLogReceived: 'Kayıtlar alındı.',
} as const;
