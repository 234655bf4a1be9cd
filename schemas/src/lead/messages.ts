import { LEAD_FORM_MESSAGES } from './form-messages.ts';

export { LEAD_FORM_MESSAGES, LEAD_VALIDATION_MESSAGES } from './form-messages.ts';

/** How 'Bağlantılar' names each status of a lead (events/lead.ts LEAD_STATUSES). */
export const LEAD_STATUS_LABELS = {
  new: 'Yeni',
  called: 'Arandı',
  met: 'Görüşüldü',
  negative: 'Olumsuz',
} as const;

/** The owner's follow-up of a lead: status and private note (docs/decisions/0027-lead-follow-up.md). */
export const LEAD_FOLLOW_UP_MESSAGES = {
  leadStatusInvalid: 'Geçerli bir durum seçin (Yeni, Arandı, Görüşüldü veya Olumsuz)',
  leadStatusChanged: 'Durum güncellendi',
  leadStatusUnchanged: 'Durum zaten bu',
  leadStatusChangeError: 'Durum güncellenirken bir hata oluştu',
  leadNoteTooLong: 'Not en fazla 2000 karakter olabilir',
  leadNoteInvalidCharacters: 'Not alanında geçersiz karakterler var',
  leadNoteMustBeText: 'Not metin olarak gönderilmelidir',
  leadNoteSaved: 'Not kaydedildi',
  leadNoteCleared: 'Not silindi',
  leadNoteUnchanged: 'Not değişmedi',
  leadNoteSaveError: 'Not kaydedilirken bir hata oluştu',
} as const;

/**
 * Texts of the lead form on the public card, the 'Bağlantılar' screen and the lead API, in proper
 * Turkish. Keys start with `lead` because they are spread into the one MESSAGES catalogue.
 */
export const LEAD_MESSAGES = {
  // Form rules (shared by the public card's dialog and the server): messages/lead-form.ts
  ...LEAD_FORM_MESSAGES,
  ...LEAD_FOLLOW_UP_MESSAGES,

  // Outcomes decided by the server
  leadSubmitted: 'Bilgileriniz iletildi. Kart sahibi en kısa sürede sizinle iletişime geçecek.',
  leadFormExpired: 'Form süresi doldu, lütfen sayfayı yenileyip tekrar deneyin',
  leadFormInvalid: 'Form doğrulanamadı, lütfen sayfayı yenileyip tekrar deneyin',
  leadFormAlreadySent: 'Bu form zaten gönderildi. Yeni bir mesaj için sayfayı yenileyip tekrar deneyin.',
  leadNotFound: 'Bağlantı bulunamadı',
  leadDeleted: 'Bağlantı silindi',

  // What the screens say when a call fails without a server message
  leadSubmitError: 'Bilgileriniz gönderilirken bir hata oluştu. Lütfen tekrar deneyin.',
  leadsLoadError: 'Bağlantılar alınırken bir hata oluştu',
  leadDeleteError: 'Bağlantı silinirken bir hata oluştu',
  leadsExportError: 'CSV dosyası indirilirken bir hata oluştu',
  leadsEmpty: 'Henüz bir bağlantınız yok',
  leadsNoMatch: 'Aramanızla eşleşen bağlantı bulunamadı',
  // 'Ofis Bağlantıları' (issue 30), the office's leads for its admins
  officeLeadsLoadError: 'Ofisin bağlantıları alınırken bir hata oluştu',
  officeLeadsEmpty: 'Ofisin kartlarına henüz bağlantı gelmedi',

  // The public form's disclosure (aydınlatma) and the optional consent beside it
  leadNotice:
    'Paylaştığınız bilgiler yalnızca kart sahibinin sizinle iletişime geçebilmesi için kart sahibine iletilir ve başka hiçbir amaçla kullanılmaz. Kart sahibi kaydı sildiğinde bilgileriniz kalıcı olarak silinir.',
  // On an office's card (issue 30): the office is the data controller (veri sorumlusu) of the lead.
  officeLeadNotice:
    'Bu kart bir emlak ofisine aittir: paylaştığınız bilgilerin veri sorumlusu bu ofistir. Bilgileriniz yalnızca sizinle iletişime geçilebilmesi için ofise ve kartı taşıyan danışmana iletilir, başka hiçbir amaçla kullanılmaz. Ofis kaydı sildiğinde bilgileriniz kalıcı olarak silinir.',
  leadConsentLabel: 'Kart sahibinin bana tanıtım ve kampanya iletileri göndermesine izin veriyorum (isteğe bağlı).',
} as const;
