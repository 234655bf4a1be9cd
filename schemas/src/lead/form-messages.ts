/**
 * The lead form's rule messages, which the public card's dialog shows before sending and the
 * server answers with. A file of their own so the card's small script carries only these, not the
 * whole lead catalogue; spread into LEAD_MESSAGES (messages/lead.ts).
 */
export const LEAD_FORM_MESSAGES = {
  leadFullNameRequired: 'Ad Soyad alanı zorunludur',
  leadFullNameTooShort: 'Ad Soyad en az 2 karakter olmalıdır',
  leadFullNameTooLong: 'Ad Soyad en fazla 100 karakter olabilir',
  leadFullNameInvalid: 'Ad Soyad en az bir harf içermelidir',
  leadContactRequired: 'Lütfen telefon numaranızı veya e-posta adresinizi girin',
  leadPhoneInvalid: 'Geçerli bir telefon numarası girin',
  leadEmailInvalid: 'Geçerli bir e-posta adresi girin',
  leadMessageTooLong: 'Mesaj en fazla 1000 karakter olabilir',
} as const;

export const LEAD_VALIDATION_MESSAGES = {
  invalidCharacters: (label: string) => `${label} alanında geçersiz karakterler var`,
} as const;
