/**
 * Texts of the lead form on the public card, the 'Bağlantılar' screen and the lead API, in proper
 * Turkish. Keys start with `lead` because they are spread into the one MESSAGES catalogue.
 */
export const LEAD_MESSAGES = {
  // Form rules (shared by the public card's dialog and the server)
  leadFullNameRequired: 'Ad Soyad alanı zorunludur',
  leadFullNameTooShort: 'Ad Soyad en az 2 karakter olmalıdır',
  leadFullNameTooLong: 'Ad Soyad en fazla 100 karakter olabilir',
  leadFullNameInvalid: 'Ad Soyad en az bir harf içermelidir',
  leadContactRequired: 'Lütfen telefon numaranızı veya e-posta adresinizi girin',
  leadPhoneInvalid: 'Geçerli bir telefon numarası girin',
  leadEmailInvalid: 'Geçerli bir e-posta adresi girin',
  leadMessageTooLong: 'Mesaj en fazla 1000 karakter olabilir',

  // Outcomes decided by the server
  leadSubmitted: 'Bilgileriniz iletildi. Kart sahibi en kısa sürede sizinle iletişime geçecek.',
  leadFormExpired: 'Form süresi doldu, lütfen sayfayı yenileyip tekrar deneyin',
  leadNotFound: 'Bağlantı bulunamadı',
  leadDeleted: 'Bağlantı silindi',

  // What the screens say when a call fails without a server message
  leadSubmitError: 'Bilgileriniz gönderilirken bir hata oluştu. Lütfen tekrar deneyin.',
  leadsLoadError: 'Bağlantılar alınırken bir hata oluştu',
  leadDeleteError: 'Bağlantı silinirken bir hata oluştu',
  leadsExportError: 'CSV dosyası indirilirken bir hata oluştu',
  leadsEmpty: 'Henüz bir bağlantınız yok',
  leadsNoMatch: 'Aramanızla eşleşen bağlantı bulunamadı',

  // The public form's disclosure (aydınlatma) and the optional consent beside it
  leadNotice:
    'Paylaştığınız bilgiler yalnızca kart sahibinin sizinle iletişime geçebilmesi için kart sahibine iletilir ve başka hiçbir amaçla kullanılmaz. Kart sahibi kaydı sildiğinde bilgileriniz kalıcı olarak silinir.',
  leadConsentLabel: 'Kart sahibinin bana tanıtım ve kampanya iletileri göndermesine izin veriyorum (isteğe bağlı).',
} as const;

export const LEAD_VALIDATION_MESSAGES = {
  invalidCharacters: (label: string) => `${label} alanında geçersiz karakterler var`,
} as const;
