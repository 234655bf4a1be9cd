/** What 'Paylaşım Araçları' (issue 32) says: the QR's colours and the personal address. */
export const SHARE_MESSAGES = {
  qrStyleSaved: 'QR kod görünümü kaydedildi',
  qrColourInvalid: 'Renk #RRGGBB biçiminde olmalıdır (ör. #1F2937)',
  qrLogoInvalid: 'Geçerli bir logo seçimi yapın (Yok, Profil logosu veya Ofis logosu)',
  qrLogoOfficeOnly: 'Ofis logosu yalnızca bir ofisin üyesiyken kullanılabilir',
  qrContrastTooLow:
    'Bu iki renk arasındaki fark az olduğu için QR kod okunamayabilir. Daha koyu bir ön plan ya da daha açık bir arka plan seçin (en az 4,5:1 kontrast).',
  qrInverted: 'QR kod açık zemin üzerine koyu renkle çizilmelidir; birçok telefon ters renkli kodları okuyamaz.',
  addressSaved: 'Kişisel adresiniz kaydedildi',
  addressRemoved: 'Kişisel adresiniz kaldırıldı',
  addressRequired: 'Bir adres yazın',
  addressInvalid: 'Adres 3-40 karakter olmalı; yalnızca harf, rakam ve tire (-) içerebilir, tire ile başlayıp bitemez',
  addressReserved: 'Bu adres ayrılmıştır, başka bir adres seçin',
  addressTaken: 'Bu adres başka bir kullanıcıya ait, başka bir adres seçin',
  addressNone: 'Kişisel bir adresiniz yok',
  addressCardRequired: 'Adresin açacağı kartı seçin',
  addressCardNotActive: 'Kişisel adres yalnızca aktif kartlarınızdan birini açabilir',
  backgroundDesignInvalid: 'Geçerli bir tasarım seçin (Çizgi, Köşe veya Şerit)',
  backgroundShapeInvalid: 'Geçerli bir biçim seçin (yatay: wide, dikey: tall)',
} as const;
