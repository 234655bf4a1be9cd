import { MESSAGES } from '@kartvizit/schemas/messages';
import { LEAD_MESSAGES } from '@kartvizit/schemas/lead/messages';
import { LEAD_FIELD_LABELS } from '@kartvizit/schemas/lead/rules';
import { CUSTOMER_FIELD_LABELS } from '@kartvizit/schemas/rems/rules';
import { REMS_CUSTOMER_FORM_MESSAGES, REMS_REGISTRATION_MESSAGES } from '@kartvizit/schemas/rems/messages';
import {
  MEETING_FORM_MESSAGES,
  MEETING_PROVIDER_MESSAGES,
  MEETING_SCREEN_TEXT,
  MEETING_TOAST_MESSAGES,
  fillMeetingText,
} from '@kartvizit/schemas/meeting/messages';
import { CATALOGUE_TEXT } from './catalogue.ts';

/**
 * The public card page's copy (SPEC "Public card page", §8 Clipboard). The enhancement script gets
 * the texts it shows from the page (`SCRIPT_TEXT` in the page's JSON block), so they live only here.
 */
export const TEXT = {
  brand: 'Dijital Kartvizit',
  footer: '© 2025 Dijital Kartvizit',
  footerLink: 'Kendi dijital kartvizitinizi oluşturun',

  notFoundTitle: MESSAGES.cardPublicProfileNotFound,
  loadErrorTitle: 'Profil yüklenirken bir hata oluştu',
  unavailableNote: 'Bu kart aktif olmayabilir veya henüz aktifleştirilmemiş olabilir.',
  loadErrorNote: 'Lütfen birkaç saniye sonra sayfayı yenileyin.',
  back: 'Geri Dön',

  contact: 'İletişim',
  about: 'Hakkında',
  social: 'Sosyal Medya',
  location: 'Konum',
  corporate: 'Kurumsal Bilgiler',
  phone: 'Telefon',
  whatsapp: 'WhatsApp',
  email: 'E-posta',
  website: 'Web Sitesi',
  address: 'Adres',
  copy: (label: string) => `${label} kopyala`,
  open: (label: string) => `${label} (yeni sekmede açılır)`,

  preciseLocation: 'Kesin Konum',
  estimatedLocation: 'Adres Tahmini',
  showMap: 'Haritayı Göster',
  mapLoading: 'Harita yükleniyor...',
  mapFailed: 'Harita yüklenemedi - Adres bilgileri gösteriliyor',
  mapNeedsPin: 'Kart sahibi kesin konum paylaşmamış - Adres bilgileri gösteriliyor',
  directions: 'Yol Tarifi',
  directionsWith: 'Yol tarifi al',
  directionsTargets: { google: 'Google Haritalar', apple: 'Apple Haritalar', waze: 'Waze' },
  coordinates: 'Koordinatlar',

  tabCompany: 'Şirket',
  tabInvoice: 'E-Fatura',
  tabBank: 'Banka',
  tabPayment: 'Ödeme',
  companyName: 'Şirket Unvanı',
  taxOffice: 'Vergi Dairesi',
  taxNumber: 'Vergi Numarası',
  mersisNo: 'MERSİS No',
  registrationNumber: 'Ticaret Sicil No',
  foundedYear: 'Kuruluş Yılı',
  recipientName: 'Alıcı Adı / Unvanı',
  taxId: 'VKN / TCKN',
  invoiceAddress: 'Fatura Adresi',
  copyInvoice: 'Fatura bilgilerini kopyala',
  invoiceLabel: 'Fatura bilgileri',
  bankAccount: 'Banka Hesabı',
  accountHolder: 'Hesap Sahibi',
  iban: 'IBAN',
  accountNumber: 'Hesap No',
  branchCode: 'Şube Kodu',
  swiftCode: 'SWIFT / BIC',
  currency: 'Para Birimi',
  payment: 'Ödeme',
  accountIdLabel: 'Hesap ID',
  paymentEmailLabel: 'E-posta adresi',
  payByQr: 'Bu QR kodu okutarak ödeme yapabilirsiniz.',
  paymentQrAlt: (label: string) => `${label} ödeme QR kodu`,
  copyHint: 'Kopyalamak için dokunun',

  actions: 'Kartvizit işlemleri',
  share: 'Paylaş',
  saveContact: 'Rehbere Ekle',
  sendInfo: 'Bilgi Gönder',
  showQr: 'QR Kodu Göster',

  qrTitle: 'Kartvizit QR Kodu',
  qrText: 'Bu QR kodu okutarak kartviziti görüntüleyebilir veya kişi bilgilerini telefonunuza kaydedebilirsiniz.',
  qrAlt: (url: string) => `Kartvizit QR kodu: ${url}`,
  close: 'Kapat',

  leadTitle: 'Bilgilerini Paylaş',
  leadIntro: (name: string) => `İletişim bilgilerinizi ${name} ile paylaşın; size geri dönüş yapsın.`,
  leadName: LEAD_FIELD_LABELS.fullName,
  leadPhone: LEAD_FIELD_LABELS.phone,
  leadEmail: LEAD_FIELD_LABELS.email,
  leadMessage: LEAD_FIELD_LABELS.message,
  // The disclosure (aydınlatma) whose version each lead records, and the separate optional consent.
  leadNotice: LEAD_MESSAGES.leadNotice,
  leadNoticeOffice: LEAD_MESSAGES.officeLeadNotice,
  leadNoticeLink: 'Aydınlatma Metni',
  leadConsent: LEAD_MESSAGES.leadConsentLabel,
  leadHoneypot: 'Web siteniz (boş bırakın)',
  cancel: 'İptal',
  submit: 'Gönder',

  // 'Emlak Danışmanlığı' and its 'Görüşme Planlayın' form (SPEC: REMS block, customer registration modal).
  remsTitle: 'Emlak Danışmanlığı',
  remsIntro: (name: string) =>
    `Ev, arsa ya da iş yeri mi arıyorsunuz, satmak ya da kiralamak mı istiyorsunuz? ${name} ile görüşme planlayın.`,
  remsButton: 'Görüşme Planla',
  remsDialogTitle: 'Görüşme Planlayın',
  remsDialogIntro: (name: string) => `Bilgilerinizi bırakın; ${name} sizi arayıp görüşme zamanını birlikte belirlesin.`,
  remsLabels: {
    firstName: CUSTOMER_FIELD_LABELS.firstName,
    lastName: CUSTOMER_FIELD_LABELS.lastName,
    phoneNumber: CUSTOMER_FIELD_LABELS.phoneNumber,
    customerType: CUSTOMER_FIELD_LABELS.customerType,
    email: `${CUSTOMER_FIELD_LABELS.email} (isteğe bağlı)`,
    province: `${CUSTOMER_FIELD_LABELS.province} (isteğe bağlı)`,
    district: `${CUSTOMER_FIELD_LABELS.district} (isteğe bağlı)`,
    address: `${CUSTOMER_FIELD_LABELS.address} (isteğe bağlı)`,
    notes: `${CUSTOMER_FIELD_LABELS.notes} (isteğe bağlı)`,
  },
  remsChoose: 'Seçin',
  remsChooseProvince: 'İl seçin',
  remsChooseDistrict: 'İlçe seçin',
  // Where the data goes beyond the lead form's: into the owner's customer records (REMS).
  remsNotice: REMS_REGISTRATION_MESSAGES.remsNotice,

  // 'Toplantı Planla' (issue 15): for every visitor only 'Takvime Ekle'; the owner's tools come by script.
  meetingTitle: MEETING_SCREEN_TEXT.blockTitle,
  meetingIntro: (name: string) => fillMeetingText(MEETING_SCREEN_TEXT.blockIntro, { name }),
  meetingAddToCalendar: MEETING_SCREEN_TEXT.addToCalendar,
  meetingIcsIntro: (name: string) => fillMeetingText(MEETING_SCREEN_TEXT.addToCalendarIntro, { name }),
  meetingStart: MEETING_SCREEN_TEXT.start,
  meetingDuration: MEETING_SCREEN_TEXT.duration,
  meetingDownload: MEETING_SCREEN_TEXT.download,
  /** The visitor's choice of length, in minutes, and how it reads. */
  meetingDurations: [
    [15, '15 dakika'],
    [30, '30 dakika'],
    [45, '45 dakika'],
    [60, '1 saat'],
    [90, '1,5 saat'],
    [120, '2 saat'],
  ] as const,
  meetingDefaultDuration: 60,

  photoAlt: (name: string) => `${name} profil fotoğrafı`,
  logoAlt: (company: string) => (company ? `${company} logosu` : 'Şirket logosu'),
  /** The office's Taşınmaz Ticareti Yetki Belgesi number on an office card (decision 61). */
  licenceNumber: (number: string) => `Yetki Belgesi No: ${number}`,
  socialTitle: (label: string, username: string) => (username ? `${label}: ${username}` : label),
} as const;

/** Texts the enhancement script shows (web/src/public-card/main.ts reads them from the page). */
export const SCRIPT_TEXT = {
  copied: 'Kopyalandı!',
  copyFailed: 'Kopyalama başarısız!',
  copiedLabel: '{label} kopyalandı!',
  linkLabel: 'Bağlantı',
  mapLoading: TEXT.mapLoading,
  mapFailed: TEXT.mapFailed,
  sending: 'Gönderiliyor...',
  leadError: LEAD_MESSAGES.leadSubmitError,
  leadOffline: 'Sunucuya bağlanılamadı. İnternet bağlantınızı kontrol edip tekrar deneyin.',
  remsThanks: REMS_REGISTRATION_MESSAGES.remsRegistrationThanks,
  remsError: REMS_REGISTRATION_MESSAGES.remsRegistrationFailedToast,
  remsInvalid: REMS_CUSTOMER_FORM_MESSAGES.remsFormInvalid,
  icsDownloaded: MEETING_TOAST_MESSAGES.meetingIcsDownloaded,
  icsFailed: MEETING_TOAST_MESSAGES.meetingIcsFailed,
  unknownError: MEETING_TOAST_MESSAGES.meetingUnknownError,
  startRequired: MEETING_FORM_MESSAGES.meetingStartRequired,
  startInvalid: MEETING_FORM_MESSAGES.meetingStartInvalid,
  downloading: MEETING_SCREEN_TEXT.downloading,
  // The name the server gives the file; used only if its Content-Disposition cannot be read.
  icsName: `${MEETING_PROVIDER_MESSAGES.meetingVisitorIcsTitle}.ics`,
  catalogueShowAll: CATALOGUE_TEXT.showAll,
  catalogueShowScroller: CATALOGUE_TEXT.showScroller,
} as const;
