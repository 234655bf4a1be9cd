/**
 * The sample card ('Örnek kart') the landing page, its QR code and /demo open: a real card, written
 * through the product's own deciders when command-api starts (command-api/src/demo/seed.ts), owned
 * by a system owner that has no account and so can never sign in. Its visits, clicks and leads are
 * nobody's: they are not recorded (docs/decisions/0016-demo-card-and-legal-texts.md).
 *
 * Everything about the person is made up. Contact details point nowhere on purpose:
 * - e-mail and website under example.com (RFC 2606: reserved for examples);
 * - 0232 000 00 00: a Turkish local number cannot begin with 0 (it is the trunk prefix), so no
 *   line in İzmir has this number;
 * - the pin is Konak Square, a public place, not anybody's home or office;
 * - social links under example.com: a made-up handle on Instagram may be somebody's;
 * - IBANs with the bank code 00000, which no Turkish bank has (their EFT codes start at 00001),
 *   check digits computed so the IBAN rules accept them: no account anywhere has them.
 * No tax or MERSİS numbers: numbers that pass their checksums may belong to someone.
 * The listings (DEMO_LISTINGS) are made up too; their photos are drawn (command-api/src/demo/photos).
 * No imports: the web app reads this file too.
 */

export const DEMO_CARD_ID = 'DEMO';

/** The system owner of the sample card. No account, no credential: nobody can sign in as it. */
export const DEMO_OWNER_ID = '00000000-0000-4000-8000-00000000de30';

/** Fixed, so that seeding again finds and keeps the same profile. */
export const DEMO_PROFILE_ID = '00000000-0000-4000-8000-00000000de31';

export const DEMO_CARD_NAME = 'Örnek Kart';

/** The sample profile as the profile form sends it; the product's own rules check and normalise it. */
export const DEMO_PROFILE_FORM = {
  title: '',
  jobTitle: 'Gayrimenkul Danışmanı',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  company: 'Örnek Gayrimenkul',
  bio: 'Bu kart, Dijital Kartvizit’in ziyaretçilerinize nasıl görüneceğini göstermek için hazırlanmış bir örnektir. Ayşe Yılmaz ve Örnek Gayrimenkul hayalidir; telefon, e-posta ve web sitesi kimseye ait değildir.',
  phone: '0232 000 00 00',
  email: 'ayse.yilmaz@example.com',
  website: 'https://www.example.com',
  theme: 'classic',
  address: { street: 'Örnek Sokak No: 1', city: 'İzmir', state: 'Konak', zipCode: '35250', country: 'Türkiye' },
  location: { lat: 38.418848, lng: 27.128719 },
  companyInfo: { taxOffice: 'Konak', taxNumber: '', mersisNo: '', registrationNumber: '', foundedYear: 2015 },
  invoiceInfo: {
    recipientName: 'Örnek Gayrimenkul',
    taxId: '',
    taxOffice: 'Konak',
    address: 'Örnek Sokak No: 1, Konak/İzmir',
  },
  socialLinks: [
    { platform: 'instagram', username: 'ornekgayrimenkul', url: 'https://www.example.com/instagram/ornekgayrimenkul' },
    { platform: 'linkedin', username: 'ayse-yilmaz-ornek', url: 'https://www.example.com/linkedin/ayse-yilmaz-ornek' },
    { platform: 'youtube', username: 'ornekgayrimenkul', url: 'https://www.example.com/youtube/ornekgayrimenkul' },
    { platform: 'facebook', username: 'ornekgayrimenkul', url: 'https://www.example.com/facebook/ornekgayrimenkul' },
  ],
  bankAccounts: [
    {
      bankName: 'Örnek Bank',
      accountHolder: 'Örnek Gayrimenkul',
      iban: 'TR97 0000 0000 0000 0000 0012 34',
      accountNumber: '',
      branchCode: '',
      swiftCode: '',
      currency: 'TRY',
    },
    {
      bankName: 'Örnek Bank',
      accountHolder: 'Örnek Gayrimenkul',
      iban: 'TR98 0000 0000 0000 0000 0056 78',
      accountNumber: '',
      branchCode: '',
      swiftCode: '',
      currency: 'EUR',
    },
  ],
  paymentMethods: [
    {
      type: 'bankTransfer',
      accountName: 'Kapora için havale / EFT',
      accountId: 'TR97 0000 0000 0000 0000 0012 34',
      qrCode: '',
    },
    {
      type: 'creditCard',
      accountName: 'Ofiste kredi kartı',
      accountId: 'Kapora ödemesi ofisimizde POS ile alınır',
      qrCode: '',
    },
    { type: 'paypal', accountName: 'Yurt dışından ödemeler', accountId: 'odeme@example.com', qrCode: '' },
  ],
} as const;

/** The drawn photos of the listings, one committed JPEG each (command-api/src/demo/photos/<name>.jpg). */
export const DEMO_PHOTOS = [
  'seaside-block',
  'living-room',
  'stone-house',
  'bedroom',
  'office',
  'meeting-room',
  'olive-grove',
  'olive-grove-evening',
  'site-complex',
  'kitchen',
  'shop-front',
  'shop-interior',
] as const;
export type DemoPhoto = (typeof DEMO_PHOTOS)[number];

/**
 * The sample agent's listings: real products of the system owner's catalogue (the card's strip,
 * 'Tümünü Gör', /product/{id}), written by the seed through the product decider. Fixed ids, so
 * every start finds them again; featured ones first, in the order the card shows them. `form` is
 * what the product form sends, without the images (the seed adds the uploaded photos' addresses);
 * `monthly`: a rent, the price is per month (the landing page's picture says '/ay'); `shortTitle`: the
 * landing page's picture of the card, where a long name does not fit.
 */
export const DEMO_LISTINGS = [
  {
    productId: '00000000-0000-4000-8000-00000000de41',
    shortTitle: '3+1 Daire, Karşıyaka',
    photos: ['seaside-block', 'living-room'],
    monthly: false,
    form: {
      name: 'Karşıyaka’da 3+1 Deniz Manzaralı Daire',
      description:
        'Karşıyaka sahiline iki dakika yürüme mesafesinde, körfezi önden gören 145 m² daire. Geniş salon, ebeveyn banyolu yatak odası, ankastre mutfak ve iki balkon. Site içinde kapalı otopark ve 24 saat güvenlik.',
      price: { value: 8_750_000, currency: 'TRY', isDisplayed: true, compareAtValue: 9_250_000 },
      category: 'Satılık Daire',
      tags: ['Satılık', '3+1', 'Deniz manzarası'],
      features: ['145 m² brüt, 125 m² net', '4. kat, asansörlü', 'Doğal gaz kombi', 'Kapalı otopark', 'Bina yaşı 6'],
      actionButton: { type: 'contact', label: 'Bilgi Al' },
      isActive: true,
      featured: true,
    },
  },
  {
    productId: '00000000-0000-4000-8000-00000000de42',
    shortTitle: 'Taş Ev, Alaçatı',
    photos: ['stone-house', 'bedroom'],
    monthly: false,
    form: {
      name: 'Alaçatı’da Havuzlu Taş Ev',
      description:
        'Alaçatı çarşısına yürüme mesafesinde, restore edilmiş iki katlı taş ev. 4 yatak odası, her odada banyo, özel havuz ve begonvilli avlu. Yazlık ya da butik kiralama için hazır.',
      price: { value: 24_500_000, currency: 'TRY', isDisplayed: true, compareAtValue: null },
      category: 'Satılık Müstakil Ev',
      tags: ['Satılık', '4+1', 'Havuzlu'],
      features: ['220 m² kapalı alan', '350 m² arsa', 'Özel havuz', 'Yerden ısıtma', 'Eşyalı satılık'],
      actionButton: { type: 'contact', label: 'Bilgi Al' },
      isActive: true,
      featured: true,
    },
  },
  {
    productId: '00000000-0000-4000-8000-00000000de43',
    shortTitle: 'Kiralık Ofis, Alsancak',
    photos: ['office', 'meeting-room'],
    monthly: true,
    form: {
      name: 'Alsancak’ta Kiralık Ofis, 120 m²',
      description:
        'Kıbrıs Şehitler Caddesi’ne yakın, metro ve iskeleye yürüme mesafesinde açık ofis. Toplantı odası, mutfak, iki WC; fiber internet altyapısı hazır. Aylık kira, aidat dahil değildir.',
      price: { value: 42_500, currency: 'TRY', isDisplayed: true, compareAtValue: null },
      category: 'Kiralık Ofis',
      tags: ['Kiralık', 'Ofis', 'Aylık'],
      features: ['120 m² net', 'Toplantı odası', 'Merkezi klima', 'Jeneratör', 'Depozito: 2 kira'],
      actionButton: { type: 'contact', label: 'Bilgi Al' },
      isActive: true,
      featured: false,
    },
  },
  {
    productId: '00000000-0000-4000-8000-00000000de44',
    shortTitle: 'Arsa, Urla',
    photos: ['olive-grove', 'olive-grove-evening'],
    monthly: false,
    form: {
      name: 'Urla’da Zeytinlik İçinde 2.400 m² Arsa',
      description:
        'Urla merkeze 8 km, denizi uzaktan gören, içinde 60 yetişkin zeytin ağacı bulunan tarla. Yolu açık, elektrik hattı sınırda. Tapusu müstakil, hisseli değildir.',
      price: { value: 3_200_000, currency: 'TRY', isDisplayed: true, compareAtValue: null },
      category: 'Satılık Arsa',
      tags: ['Satılık', 'Arsa', 'Zeytinlik'],
      features: ['2.400 m²', 'Müstakil tapu', '60 zeytin ağacı', 'Yola cephe', 'Deniz manzarası'],
      actionButton: { type: 'contact', label: 'Bilgi Al' },
      isActive: true,
      featured: false,
    },
  },
  {
    productId: '00000000-0000-4000-8000-00000000de45',
    shortTitle: '2+1 Daire, Bornova',
    photos: ['site-complex', 'kitchen'],
    monthly: false,
    form: {
      name: 'Bornova’da Site İçinde 2+1 Daire',
      description:
        'Ege Üniversitesi ve metroya yakın, havuzlu ve yeşil alanlı sitede 95 m² daire. Güney cephe, yeni yapılmış mutfak, kiracısız teslim.',
      price: { value: 4_850_000, currency: 'TRY', isDisplayed: true, compareAtValue: null },
      category: 'Satılık Daire',
      tags: ['Satılık', '2+1', 'Site içinde'],
      features: ['95 m² net', 'Havuz ve otopark', 'Güney cephe', 'Kombi', 'Krediye uygun'],
      actionButton: { type: 'contact', label: 'Bilgi Al' },
      isActive: true,
      featured: false,
    },
  },
  {
    productId: '00000000-0000-4000-8000-00000000de46',
    shortTitle: 'Kiralık Dükkan, Konak',
    photos: ['shop-front', 'shop-interior'],
    monthly: true,
    form: {
      name: 'Konak’ta Cadde Üzeri Kiralık Dükkan',
      description:
        'Kemeraltı’na yakın, yaya trafiği yoğun cadde üzerinde 85 m² dükkan ve 40 m² depo. Geniş vitrin, yeni yapılmış elektrik tesisatı. Aylık kira.',
      price: { value: 65_000, currency: 'TRY', isDisplayed: true, compareAtValue: null },
      category: 'Kiralık Dükkan',
      tags: ['Kiralık', 'Dükkan', 'Aylık'],
      features: ['85 m² + 40 m² depo', '8 m vitrin cephesi', 'WC', 'Her işe uygun'],
      actionButton: { type: 'contact', label: 'Bilgi Al' },
      isActive: true,
      featured: false,
    },
  },
] as const satisfies readonly {
  readonly productId: string;
  readonly shortTitle: string;
  readonly photos: readonly DemoPhoto[];
  readonly monthly: boolean;
  readonly form: Readonly<Record<string, unknown>>;
}[];

/** True for the sample card's owner: its card shows the sample banner and records nothing about visitors. */
export function isDemoOwner(ownerId: string | null | undefined): boolean {
  return typeof ownerId === 'string' && ownerId.toLowerCase() === DEMO_OWNER_ID;
}
