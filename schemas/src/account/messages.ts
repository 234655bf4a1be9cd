/** Texts of the account settings screen (/account, 'Hesap Ayarları') and the data export, in proper Turkish. */
export const ACCOUNT_MESSAGES = {
  accountRenamed: 'Adınız güncellendi',
  leadAlertsOn: 'Biri bilgilerini paylaştığında size e-posta göndereceğiz',
  leadAlertsOff: 'Biri bilgilerini paylaştığında artık e-posta göndermeyeceğiz',
  leadAlertsInvalid: 'Bu ayar yalnızca açık (true) veya kapalı (false) olabilir',
  accountDeleted: 'Hesabınız ve tüm verileriniz silindi',
  deletePasswordMissing: 'Hesabınızı silmek için şifrenizi girin',
  deletePasswordWrong: 'Şifre hatalı; hesabınız silinmedi',
  // Changing the e-mail address (decision 30)
  emailChangeFieldsMissing: 'Yeni e-posta adresinizi ve mevcut şifrenizi girin',
  emailSameAsCurrent: 'Bu adres zaten hesabınızın e-posta adresi',
  emailChangeLinkInvalid:
    'Bu e-posta onay bağlantısı geçersiz ya da süresi dolmuş. Hesap Ayarları’ndan yeni bir bağlantı isteyebilirsiniz.',
  emailChanged: 'E-posta adresiniz değiştirildi',
  // The 'Hesabı Sil' dialog on /account
  deleteEmailHint: 'Adresi hesabınızdaki gibi yazdığınızda silme düğmesi etkinleşir.',
  deleteAccountFailed: 'Hesabınız silinemedi. Lütfen tekrar deneyin.',
  deleteAccountConfirm: 'Hesabımı Kalıcı Olarak Sil',
  deletingAccount: 'Hesabınız siliniyor...',
} as const;

/** How long the link to the new address works, in hours (the decider's EMAIL_CHANGE_LINK_LIFETIME_MS). */
export const EMAIL_CHANGE_LINK_HOURS = 24;

/** The answer to `POST /api/account/email`: names the new address and says that nothing has changed yet. */
export function emailChangeSentMessage(newEmail: string): string {
  return `Onay bağlantısını ${newEmail} adresine gönderdik. E-posta adresiniz, bu bağlantıyı açıp onayladığınızda değişecek; bağlantı ${EMAIL_CHANGE_LINK_HOURS} saat geçerlidir.`;
}

/** Over the hourly limit of confirmation links (a 429): says when the next one may be asked for, in whole minutes. */
export function emailChangeLimitMessage(retryAfterMinutes: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMinutes));
  return `Son bir saat içinde çok fazla onay bağlantısı istediniz. Lütfen ${minutes}\u00a0dakika sonra tekrar deneyin.`;
}
