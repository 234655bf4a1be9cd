/**
 * Meeting planning's texts (issue 15; SPEC §8 Meetings, 'Meeting-planning modals', 'OAuth callback popups'): the
 * modals' rule messages, the toasts, the providers' names and what the server answers when a provider says no.
 * Free of TypeBox, so the public card's small script imports it by sub-path.
 */

/** How the screens name each provider (and the .ics file, which needs none). */
export const MEETING_PROVIDER_LABELS = {
  google: 'Google Calendar',
  microsoft: 'Outlook Calendar',
  zoom: 'Zoom',
  calendly: 'Calendly',
  ics: 'iCal dosyası',
} as const;

/** The modals' rules, shown beside each field and answered by the server (SPEC §8 validation: Calendar, Zoom, Calendly). */
export const MEETING_FORM_MESSAGES = {
  meetingTitleRequired: 'Lütfen bir başlık girin',
  meetingTitleTooLong: 'Başlık en fazla 200 karakter olabilir',
  meetingDescriptionTooLong: 'Açıklama en fazla 2000 karakter olabilir',
  meetingStartRequired: 'Lütfen başlangıç zamanını girin',
  meetingStartInvalid: 'Geçerli bir başlangıç zamanı girin',
  meetingEndRequired: 'Lütfen bitiş zamanını girin',
  meetingEndInvalid: 'Geçerli bir bitiş zamanı girin',
  meetingEndBeforeStart: 'Bitiş zamanı başlangıçtan sonra olmalıdır',
  meetingTooLong: 'Bir etkinlik en fazla 7 gün sürebilir',
  /** `{email}`: the address as typed. */
  meetingAttendeeInvalid: 'Geçersiz e-posta adresi: {email}',
  meetingTooManyAttendees: 'En fazla 50 katılımcı eklenebilir',
  meetingTopicRequired: 'Lütfen bir toplantı konusu girin',
  meetingDurationInvalid: 'Süre en az 15 dakika olmalı ve 15 dakikanın katı olmalıdır',
  meetingDurationTooLong: 'Süre en fazla 24 saat olabilir',
  meetingEventTypeRequired: "Lütfen bir etkinlik tipi ID'si girin",
  meetingEventTypeInvalid: 'Geçerli bir etkinlik tipi ID’si girin (Calendly’deki etkinlik tipinin adresindeki kimlik)',
  meetingOrganizerEmailInvalid: 'Düzenleyicinin e-posta adresi geçerli değil',
} as const;

/** SPEC §8 Meetings: the toasts, as the spec gives them. A failure's `{message}` is the server's words or 'Bilinmeyen hata'. */
export const MEETING_TOAST_MESSAGES = {
  meetingCalendarFailed: 'Etkinlik oluşturulamadı: {message}',
  meetingZoomFailed: 'Toplantı oluşturulamadı: {message}',
  meetingCalendlyFailed: 'Randevu linki oluşturulamadı: {message}',
  meetingIcsFailed: 'iCal dosyası indirilemedi: {message}',
  meetingUnknownError: 'Bilinmeyen hata',
  meetingGoogleCreated: 'Google Calendar etkinliği oluşturuldu!',
  meetingOutlookCreated: 'Outlook Calendar etkinliği oluşturuldu!',
  meetingIcsDownloaded: 'iCal dosyası indirildi',
  meetingZoomCreated: 'Zoom toplantısı başarıyla oluşturuldu!',
  meetingCalendlyCreated: 'Calendly randevu linki oluşturuldu!',
} as const;

/**
 * What the server answers when the provider (or our link to it) fails, and what the OAuth popup says.
 * `{provider}` is a MEETING_PROVIDER_LABELS name.
 */
export const MEETING_PROVIDER_MESSAGES = {
  /** 503: the provider has no client id here. */
  meetingProviderNotConfigured: '{provider} bağlantısı bu sunucuda yapılandırılmamış.',
  /** The provider refused the token (its 401): sign in again. */
  meetingProviderSignInAgain:
    '{provider} oturumunuzun süresi dolmuş ya da yetki geri alınmış. Lütfen yeniden giriş yapın.',
  /** The provider could not be reached or did not answer in time. */
  meetingProviderUnreachable: '{provider} şu anda yanıt vermiyor. Lütfen biraz sonra tekrar deneyin.',
  /** The provider answered an error without words of its own. `{status}`: its HTTP status. */
  meetingProviderError: '{provider} isteği kabul etmedi (HTTP {status}).',
  /** The request carried no provider token. */
  meetingProviderTokenMissing: '{provider} ile giriş yapılmadı. Lütfen önce giriş yapın.',
  /** Calendly does not know the event type, or it is not the signed-in account's. */
  meetingCalendlyEventTypeUnknown: 'Bu etkinlik tipi Calendly hesabınızda bulunamadı.',
  /** An address of the OAuth popup names no provider we know (404). */
  meetingProviderUnknown: 'Böyle bir toplantı sağlayıcısı yok.',
  /** The title a Calendly booking link has in 'Toplantılar' (the link itself has none). */
  meetingCalendlyLinkTitle: 'Calendly randevu linki',
  /** The visitor's 'Takvime Ekle' invitation: its title and file name. `{name}`: the card owner's full name. */
  meetingVisitorIcsTitle: '{name} ile görüşme',
  /** The callback popup while it hands the token over (SPEC: 'waiting, authentication is completing'). */
  oauthCompleting: 'Lütfen bekleyin, kimlik doğrulama tamamlanıyor...',
  /** The callback popup when the sign-in did not give a token. */
  oauthFailed: 'Giriş tamamlanamadı. Bu pencereyi kapatıp yeniden deneyin.',
  /** The owner closed the popup, or refused the provider's consent screen. */
  oauthCancelled: '{provider} girişi iptal edildi.',
  /** The state did not match or its 10 minutes passed: a stale or forged return. */
  oauthStateInvalid: 'Giriş oturumu geçersiz ya da süresi dolmuş. Lütfen yeniden deneyin.',
  /** The provider did not exchange the code for a token. */
  oauthExchangeFailed: '{provider} girişi tamamlanamadı. Lütfen yeniden deneyin.',
  /** The browser blocked the 500×600 popup. */
  oauthPopupBlocked: 'Giriş penceresi açılamadı. Lütfen tarayıcınızın açılır pencere engelini bu site için kaldırın.',
} as const;

/**
 * What the meeting block and the owner's modals on the card say (labels, buttons, hints); not messages the server
 * answers. The 'Toplantılar' screen may use the same names for the same things.
 */
export const MEETING_SCREEN_TEXT = {
  blockTitle: 'Toplantı Planla',
  /** `{name}`: the card owner's full name. */
  blockIntro: '{name} ile bir görüşme zamanı seçin ve takviminize ekleyin.',
  addToCalendar: 'Takvime Ekle',
  addToCalendarIntro: '{name} ile görüşmenizin zamanını seçin; takviminize eklenecek iCal dosyası inecek.',
  duration: 'Süre',
  download: 'İndir',
  downloading: 'İndiriliyor...',
  ownerTools: 'Kart sahibi araçları: bunları yalnızca siz görüyorsunuz.',
  calendarInvite: 'Takvim Daveti',
  calendarIntro:
    'Etkinliği Google Calendar ya da Outlook Calendar takviminize ekleyin, ya da iCal dosyası olarak indirin.',
  zoomMeeting: 'Zoom Toplantısı',
  zoomIntro: 'Zoom hesabınızda bir toplantı açın; bağlantısını ve şifresini paylaşın.',
  calendlyLink: 'Calendly Linki',
  calendlyIntro: 'Calendly etkinlik tiplerinizden biri için tek kullanımlık bir randevu linki oluşturun.',
  title: 'Başlık',
  description: 'Açıklama (isteğe bağlı)',
  start: 'Başlangıç',
  end: 'Bitiş',
  attendees: 'Katılımcılar (isteğe bağlı)',
  attendeesHint: 'E-posta adreslerini virgülle ayırın.',
  topic: 'Konu',
  durationMinutes: 'Süre (dakika)',
  eventTypeId: 'Etkinlik tipi ID',
  eventTypeHint: 'Calendly’deki etkinlik tipinin adresinin sonundaki kimlik (ya da adresin kendisi).',
  /** A provider without a client id here: shown, but not pressable. `{provider}`: its label. */
  notConfigured: '{provider} (yapılandırılmamış)',
  /** While the popup is open. */
  signingIn: '{provider} girişi bekleniyor...',
  creating: 'Oluşturuluyor...',
  createZoom: 'Zoom ile Oluştur',
  createCalendly: 'Calendly ile Oluştur',
  meetingLink: 'Toplantı bağlantısı',
  meetingId: 'Toplantı ID',
  password: 'Şifre',
  bookingLink: 'Randevu linki',
  openLink: 'Bağlantıyı aç',
  copy: 'Kopyala',
  /** The copy button's name for a screen reader. `{label}`: what it copies. */
  copyLabel: '{label} kopyala',
  whatsappShare: 'WhatsApp ile Paylaş',
  /** The WhatsApp message that carries the booking link. `{url}`. */
  whatsappText: 'Benimle bir görüşme planlamak için uygun zamanı buradan seçebilirsiniz: {url}',
  cancel: 'İptal',
  close: 'Kapat',
} as const;

export const MEETING_MESSAGES = {
  ...MEETING_FORM_MESSAGES,
  ...MEETING_TOAST_MESSAGES,
  ...MEETING_PROVIDER_MESSAGES,
} as const;

/** `{name}` placeholders filled in; a missing value leaves the placeholder, so a test sees it. */
export function fillMeetingText(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/gu, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
