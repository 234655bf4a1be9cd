import { LANGUAGE_TURKISH_NAMES, type OwnerLanguage } from '../language/model.ts';
/**
 * Texts of the profile screen and the profile API (SPEC §5 "Uploads", §8 "Profile"), in proper
 * Turkish. Keys start with `profile` because they are spread into the one MESSAGES catalogue.
 */
export const PROFILE_MESSAGES = {
  // Outcomes (SPEC §8)
  profileCreated: 'Profil oluşturuldu!',
  profileUpdated: 'Profil güncellendi!',
  profileNotFound: 'Profil bulunamadı',
  profileNotFoundHint: 'Lütfen daha sonra tekrar deneyin.',
  profileAlreadyExists: 'Bu hesabın zaten bir profili var',
  profileLoadFailed: 'Profil bilgileri alınamadı',
  profileLoadError: 'Profil bilgileri alınırken bir hata oluştu',
  profileSaveError: 'Profil kaydedilirken bir hata oluştu',
  profileServerUnreachable: 'Profil kaydedilirken bir hata oluştu: Sunucuya bağlanılamadı',

  // Uploads (SPEC §5)
  profilePictureTooLarge: "Profil resmi 2MB'dan küçük olmalıdır",
  profileCoverPhotoTooLarge: "Kapak fotoğrafı 4MB'dan küçük olmalıdır",
  profileCompanyLogoTooLarge: "Şirket logosu 2MB'dan küçük olmalıdır",
  profileImageNotAnImage: 'Yüklenen dosya bir resim değil. Lütfen JPEG, PNG veya WebP biçiminde bir resim seçin',
  profileImageUnreadable: 'Resim dosyası okunamadı veya bozuk',
  profileImageTooManyPixels: 'Resmin çözünürlüğü çok yüksek (en fazla 50 megapiksel)',
  // PNG is inflated whole, so it has a lower bound than a JPEG photo (docs/decisions/0054).
  profileImageTooManyPixelsPng:
    'PNG resmin çözünürlüğü çok yüksek (en fazla 16 megapiksel). Fotoğrafları JPEG olarak yükleyin',
  profileImageNotOwned: 'Mevcut resim adresi bu profile ait değil',
  profileImageFieldUnexpected: 'Bu alana dosya gönderilemez',
  profileImageNeedsFile: 'Yeni resim dosya olarak yüklenmelidir (multipart/form-data)',
  profileTooManyParts: 'İstekte çok fazla alan veya dosya var',

  // Field rules (our own, beyond the SPEC's input types)
  profileInvalidPhone: 'Geçerli bir telefon numarası girin',
  profileInvalidUrl: 'Geçerli bir web adresi girin (ör. https://ornek.com)',
  profileUnsafeUrl: 'Yalnızca http:// veya https:// ile başlayan adresler kabul edilir',
  profileInvalidIban: 'Geçerli bir IBAN girin',
  profileInvalidTurkishIban: "TR IBAN'ı TR ile başlar ve ardından 24 rakam gelir",
  profileIbanLength: 'IBAN uzunluğu bu ülke için hatalı',
  profileIbanChecksum: 'IBAN doğrulanamadı, lütfen numarayı kontrol edin',
  profileInvalidTaxNumber: 'Vergi numarası 10 haneli VKN veya 11 haneli T.C. kimlik numarası olmalıdır',
  profileInvalidVkn: 'Geçersiz vergi kimlik numarası (VKN)',
  profileInvalidTckn: 'Geçersiz T.C. kimlik numarası',
  profileInvalidMersis: 'MERSİS numarası 16 haneli olmalıdır',
  profileInvalidSwift: 'Geçerli bir SWIFT/BIC kodu girin (8 veya 11 karakter)',
  profileInvalidZipCode: 'Posta kodu yalnızca harf, rakam, boşluk ve tire içerebilir',
  profileInvalidCurrency: 'Geçersiz para birimi',
  profileInvalidSocialPlatform: 'Geçersiz sosyal medya platformu',
  profileInvalidUsername: 'Kullanıcı adı yalnızca harf, rakam, nokta, alt çizgi ve tire içerebilir',
  profileSocialLinkIncomplete: 'Sosyal medya hesabı için kullanıcı adı veya bağlantı girin',
  profileInvalidPaymentType: 'Geçersiz ödeme yöntemi türü',
  profilePaymentMethodIncomplete: 'Ödeme yöntemi için hesap bilgisi veya QR kod adresi girin',
  profileBankAccountIncomplete: 'Banka hesabı için IBAN veya hesap numarası girin',
  profileInvalidAccountNumber: 'Hesap numarası yalnızca harf, rakam, boşluk ve tire içerebilir',
  profileInvalidBranchCode: 'Şube kodu yalnızca rakamlardan oluşmalıdır',
  profileInvalidTheme: 'Tema adı yalnızca küçük harf, rakam ve tire içerebilir',
  profileLocationIncomplete: 'Konum için enlem ve boylam birlikte girilmelidir',
  profileInvalidCoordinate: 'Konum koordinatı bir sayı olmalıdır',
  profileInvalidFoundedYear: 'Kuruluş yılı bir yıl olmalıdır (ör. 1998)',
} as const;

/** Turkish labels of profile fields (dotted paths; list rows use the row's own field name). */
export const PROFILE_FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Unvan',
  jobTitle: 'Pozisyon',
  firstName: 'Ad',
  lastName: 'Soyad',
  company: 'Şirket',
  bio: 'Hakkında',
  phone: 'Telefon',
  email: 'E-posta',
  website: 'Web sitesi',
  theme: 'Tema',
  searchable: 'Arama motorlarında görünsün',
  yetkiBelgesiNo: 'Taşınmaz Ticareti Yetki Belgesi No',
  translations: 'Diğer diller',
  address: 'Adres',
  'address.street': 'Adres',
  'address.city': 'Şehir',
  'address.state': 'İlçe / eyalet',
  'address.zipCode': 'Posta kodu',
  'address.country': 'Ülke',
  location: 'Konum',
  'location.lat': 'Enlem',
  'location.lng': 'Boylam',
  companyInfo: 'Kurumsal bilgiler',
  'companyInfo.taxOffice': 'Vergi dairesi',
  'companyInfo.taxNumber': 'Vergi numarası',
  'companyInfo.mersisNo': 'MERSİS numarası',
  'companyInfo.registrationNumber': 'Ticaret sicil numarası',
  'companyInfo.foundedYear': 'Kuruluş yılı',
  invoiceInfo: 'Fatura bilgileri',
  'invoiceInfo.recipientName': 'Fatura alıcısı',
  'invoiceInfo.taxId': 'Vergi / T.C. kimlik numarası',
  'invoiceInfo.taxOffice': 'Vergi dairesi',
  'invoiceInfo.address': 'Fatura adresi',
  socialLinks: 'Sosyal medya hesapları',
  'socialLinks.platform': 'Platform',
  'socialLinks.username': 'Kullanıcı adı',
  'socialLinks.url': 'Bağlantı',
  bankAccounts: 'Banka hesapları',
  'bankAccounts.bankName': 'Banka adı',
  'bankAccounts.accountHolder': 'Hesap sahibi',
  'bankAccounts.iban': 'IBAN',
  'bankAccounts.accountNumber': 'Hesap numarası',
  'bankAccounts.branchCode': 'Şube kodu',
  'bankAccounts.swiftCode': 'SWIFT kodu',
  'bankAccounts.currency': 'Para birimi',
  paymentMethods: 'Ödeme yöntemleri',
  'paymentMethods.type': 'Ödeme türü',
  'paymentMethods.accountName': 'Hesap adı',
  'paymentMethods.accountId': 'Hesap ID',
  'paymentMethods.qrCode': 'QR kod adresi',
  profilePicture: 'Profil resmi',
  coverPhoto: 'Kapak fotoğrafı',
  companyLogo: 'Şirket logosu',
  existingProfilePicture: 'Profil resmi',
  existingCoverPhoto: 'Kapak fotoğrafı',
  existingCompanyLogo: 'Şirket logosu',
};

/** `bankAccounts.0.iban` → the label of `bankAccounts.iban`; unknown paths read as themselves. */
export function profileFieldLabel(path: string): string {
  // 'translations.en.bio' → 'Hakkında (İngilizce)'
  const translation = /^translations\.([^.]+)\.(.+)$/.exec(path);
  if (translation) {
    const language = LANGUAGE_TURKISH_NAMES[translation[1] as OwnerLanguage] ?? translation[1];
    return `${profileFieldLabel(translation[2] ?? '')} (${language})`;
  }
  const generic = path.replace(/\.\d+(?=\.|$)/g, '');
  return PROFILE_FIELD_LABELS[path] ?? PROFILE_FIELD_LABELS[generic] ?? path;
}

/** Messages that name a field or a limit. */
export const PROFILE_VALIDATION_MESSAGES = {
  mustBeText: (path: string) => `${profileFieldLabel(path)} alanı metin olmalıdır`,
  mustBeYesNo: (path: string) => `'${profileFieldLabel(path)}' alanı evet (true) ya da hayır (false) olmalıdır`,
  tooLong: (path: string, max: number) => `${profileFieldLabel(path)} en fazla ${max} karakter olabilir`,
  unknownField: (path: string) => `Tanınmayan alan: ${path}`,
  duplicateField: (path: string) => `${profileFieldLabel(path)} alanı birden fazla kez gönderildi`,
  notAnObject: (path: string) => `${profileFieldLabel(path)} alanı geçersiz`,
  invalidCharacters: (path: string) => `${profileFieldLabel(path)} alanı geçersiz karakterler içeriyor`,
  invalidList: (path: string) => `${profileFieldLabel(path)} geçerli bir JSON listesi olmalıdır`,
  invalidEntry: (path: string) => `${profileFieldLabel(path)} kaydı geçerli bir JSON nesnesi olmalıdır`,
  unknownLanguage: (language: string) =>
    `Desteklenmeyen dil: ${language.slice(0, 16)}. Kullanılabilecek diller: en (İngilizce), ru (Rusça), ar (Arapça), de (Almanca)`,
  listTooLong: (path: string, max: number) => `${profileFieldLabel(path)} en fazla ${max} kayıt içerebilir`,
  foundedYearRange: (min: number, max: number) => `Kuruluş yılı ${min} ile ${max} arasında olmalıdır`,
} as const;
