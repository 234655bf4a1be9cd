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
  // The card in the visitor's language (issue 31, decision 62). No `company`: 'Örnek Gayrimenkul' is a name, and the
  // Turkish one shows in every language. Names of people, companies and places stay as written.
  translations: {
    en: {
      jobTitle: 'Property Consultant',
      bio: 'This card is a sample, prepared to show how Dijital Kartvizit will look to your visitors. Ayşe Yılmaz and Örnek Gayrimenkul are fictitious; the phone number, email address and website belong to no one.',
    },
    ru: {
      jobTitle: 'Консультант по недвижимости',
      bio: 'Эта визитка — образец, подготовленный, чтобы показать, как Dijital Kartvizit будет выглядеть для ваших посетителей. Ayşe Yılmaz и Örnek Gayrimenkul вымышлены; телефон, электронная почта и сайт никому не принадлежат.',
    },
    ar: {
      jobTitle: 'مستشارة عقارية',
      bio: 'هذه البطاقة نموذج أُعِدّ لتوضيح كيف ستبدو Dijital Kartvizit لزوّارك. كلٌّ من Ayşe Yılmaz وشركة Örnek Gayrimenkul من نسج الخيال، ولا يعود رقم الهاتف ولا البريد الإلكتروني ولا الموقع الإلكتروني لأي شخص.',
    },
    de: {
      jobTitle: 'Immobilienberaterin',
      bio: 'Diese Karte ist ein Beispiel, das zeigen soll, wie Dijital Kartvizit bei Ihren Besuchern aussieht. Ayşe Yılmaz und Örnek Gayrimenkul sind frei erfunden; Telefonnummer, E-Mail-Adresse und Website gehören niemandem.',
    },
  },
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
 * landing page's picture of the card, where a long name does not fit. `translations`: the listing in the visitor's
 * language (decision 62), names of places as written in Turkish, and the 'Bilgi Al' button's label.
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
      translations: {
        en: {
          name: '3-Bedroom Sea-View Flat (3+1) in Karşıyaka',
          description:
            'A 145 m² flat two minutes’ walk from the Karşıyaka seafront, looking straight out over the bay. Spacious living room, main bedroom with en-suite bathroom, kitchen with integrated appliances and two balconies. Covered parking and 24-hour security within the gated complex.',
          features: [
            '145 m² gross, 125 m² net',
            '4th floor, with lift',
            'Gas combi boiler',
            'Covered parking',
            'Building age: 6 years',
          ],
          actionLabel: 'Ask for details',
        },
        ru: {
          name: 'Квартира 3+1 с видом на море в районе Karşıyaka',
          description:
            'Квартира площадью 145 м² в двух минутах ходьбы от набережной Karşıyaka, окна смотрят прямо на залив. Просторная гостиная, спальня с собственной ванной комнатой, кухня со встроенной техникой и два балкона. На территории комплекса — крытый паркинг и круглосуточная охрана.',
          features: [
            '145 м² брутто, 125 м² нетто',
            '5-й этаж (4-й по турецкому счёту), есть лифт',
            'Индивидуальный газовый котёл',
            'Крытый паркинг',
            'Дому 6 лет',
          ],
          actionLabel: 'Узнать подробнее',
        },
        ar: {
          name: 'شقة 3+1 بإطلالة على البحر في Karşıyaka',
          description:
            'شقة بمساحة 145 م² على بُعد دقيقتين سيرًا من كورنيش Karşıyaka، تطل مباشرة على الخليج. صالة واسعة، وغرفة نوم رئيسية بحمّام خاص، ومطبخ بأجهزة مدمجة، وشرفتان. موقف سيارات مغطى وحراسة على مدار الساعة داخل المجمع السكني.',
          features: [
            'المساحة الإجمالية 145 م²، الصافية 125 م²',
            'الطابق الرابع، مع مصعد',
            'تدفئة كومبي على الغاز الطبيعي',
            'موقف سيارات مغطى',
            'عمر البناء 6 سنوات',
          ],
          actionLabel: 'اطلب التفاصيل',
        },
        de: {
          name: '4-Zimmer-Wohnung (3+1) mit Meerblick in Karşıyaka',
          description:
            '145 m² große Wohnung, zwei Gehminuten von der Strandpromenade in Karşıyaka, mit unverbautem Blick auf die Bucht. Großzügiges Wohnzimmer, Elternschlafzimmer mit eigenem Bad, Einbauküche und zwei Balkone. In der Wohnanlage: überdachte Stellplätze und 24-Stunden-Sicherheitsdienst.',
          features: [
            '145 m² brutto, 125 m² netto',
            '4. OG, mit Aufzug',
            'Gas-Kombitherme',
            'Überdachter Stellplatz',
            'Gebäudealter: 6 Jahre',
          ],
          actionLabel: 'Details anfragen',
        },
      },
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
      translations: {
        en: {
          name: 'Stone House with Pool in Alaçatı',
          description:
            'A restored two-storey stone house within walking distance of the Alaçatı bazaar. Four bedrooms, each with its own bathroom, a private pool and a bougainvillea-draped courtyard. Ready to enjoy as a summer home or to let as a boutique holiday rental.',
          features: ['220 m² internal area', '350 m² plot', 'Private pool', 'Underfloor heating', 'Sold furnished'],
          actionLabel: 'Ask for details',
        },
        ru: {
          name: 'Каменный дом с бассейном в Alaçatı',
          description:
            'Отреставрированный двухэтажный каменный дом в пешей доступности от торговых улиц Alaçatı. Четыре спальни, в каждой своя ванная комната, собственный бассейн и внутренний дворик с бугенвиллеей. Готов к летнему отдыху или к сдаче в аренду в формате бутик-жилья.',
          features: [
            'Площадь дома 220 м²',
            'Участок 350 м²',
            'Собственный бассейн',
            'Тёплые полы',
            'Продаётся с мебелью',
          ],
          actionLabel: 'Узнать подробнее',
        },
        ar: {
          name: 'منزل حجري مع مسبح في Alaçatı',
          description:
            'منزل حجري مرمَّم من طابقين، على مسافة قريبة سيرًا على الأقدام من سوق Alaçatı. أربع غرف نوم لكلٍّ منها حمّام خاص، ومسبح خاص، وفناء تزيّنه أزهار الجهنمية. جاهز للاستخدام منزلًا صيفيًا أو للتأجير السياحي على طراز البوتيك.',
          features: ['مساحة مبنية 220 م²', 'أرض بمساحة 350 م²', 'مسبح خاص', 'تدفئة أرضية', 'يُباع مفروشًا'],
          actionLabel: 'اطلب التفاصيل',
        },
        de: {
          name: 'Natursteinhaus mit Pool in Alaçatı',
          description:
            'Restauriertes, zweigeschossiges Steinhaus, nur wenige Gehminuten vom Basar in Alaçatı. Vier Schlafzimmer, jedes mit eigenem Bad, privater Pool und ein Innenhof voller Bougainvillea. Bezugsfertig als Ferienhaus oder zur Vermietung als Boutique-Unterkunft.',
          features: [
            '220 m² Wohnfläche',
            '350 m² Grundstück',
            'Privater Pool',
            'Fußbodenheizung',
            'Wird möbliert verkauft',
          ],
          actionLabel: 'Details anfragen',
        },
      },
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
      translations: {
        en: {
          name: 'Office to Let in Alsancak, 120 m²',
          description:
            'Open-plan office near Kıbrıs Şehitler Caddesi, within walking distance of the metro and the ferry pier. Meeting room, kitchen and two WCs; fibre broadband ready. Monthly rent; the service charge is not included.',
          features: [
            '120 m² net',
            'Meeting room',
            'Central air conditioning',
            'Backup generator',
            'Deposit: 2 months’ rent',
          ],
          actionLabel: 'Ask for details',
        },
        ru: {
          name: 'Аренда офиса 120 м² в районе Alsancak',
          description:
            'Офис открытой планировки недалеко от улицы Kıbrıs Şehitler, в пешей доступности от метро и паромной пристани. Переговорная, кухня, два санузла; оптоволоконный интернет уже подведён. Арендная плата помесячная, плата за обслуживание здания (айдат) не включена.',
          features: [
            '120 м² нетто',
            'Переговорная',
            'Центральное кондиционирование',
            'Генератор',
            'Залог: арендная плата за 2 месяца',
          ],
          actionLabel: 'Узнать подробнее',
        },
        ar: {
          name: 'مكتب للإيجار في Alsancak بمساحة 120 م²',
          description:
            'مكتب بتصميم مفتوح قرب شارع Kıbrıs Şehitler، على مسافة قريبة سيرًا من المترو ومرسى العبّارات. غرفة اجتماعات ومطبخ ودورتا مياه، مع بنية تحتية جاهزة للإنترنت عبر الألياف الضوئية. الإيجار شهري، ولا يشمل رسوم خدمات المبنى.',
          features: ['120 م² صافية', 'غرفة اجتماعات', 'تكييف مركزي', 'مولّد كهربائي', 'التأمين: إيجار شهرين'],
          actionLabel: 'اطلب التفاصيل',
        },
        de: {
          name: 'Büro zur Miete in Alsancak, 120 m²',
          description:
            'Offene Bürofläche nahe der Kıbrıs Şehitler Caddesi, fußläufig zur Metro und zum Fähranleger. Besprechungsraum, Küche, zwei WCs; Glasfaseranschluss vorhanden. Monatsmiete, Nebenkosten (Aidat) nicht inbegriffen.',
          features: [
            '120 m² Nettofläche',
            'Besprechungsraum',
            'Zentrale Klimaanlage',
            'Notstromaggregat',
            'Kaution: 2 Monatsmieten',
          ],
          actionLabel: 'Details anfragen',
        },
      },
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
      translations: {
        en: {
          name: '2,400 m² Plot in an Olive Grove, Urla',
          description:
            'A field 8 km from the centre of Urla, with distant sea views and 60 mature olive trees. Open road access, with the power line at the boundary. The title deed (tapu) is for this plot alone, not a share of a larger one.',
          features: ['2,400 m²', 'Individual title deed', '60 olive trees', 'Road frontage', 'Sea views'],
          actionLabel: 'Ask for details',
        },
        ru: {
          name: 'Участок 2400 м² в оливковой роще, Urla',
          description:
            'Земельный участок в 8 км от центра Urla, с видом на море вдали и 60 взрослыми оливковыми деревьями. Есть подъездная дорога, линия электропередачи проходит по границе участка. Отдельный тапу (документ о праве собственности), не долевая собственность.',
          features: ['2400 м²', 'Отдельный тапу', '60 оливковых деревьев', 'Выход к дороге', 'Вид на море'],
          actionLabel: 'Узнать подробнее',
        },
        ar: {
          name: 'أرض بمساحة 2400 م² داخل بستان زيتون في Urla',
          description:
            'أرض زراعية على بُعد 8 كم من مركز Urla، تطل على البحر من بعيد، وفيها 60 شجرة زيتون مكتملة النمو. الطريق إليها مفتوح، وخط الكهرباء عند حدودها. سند الملكية (الطابو) مستقل وليس حصة مشتركة.',
          features: ['2400 م²', 'طابو مستقل', '60 شجرة زيتون', 'واجهة على الطريق', 'إطلالة على البحر'],
          actionLabel: 'اطلب التفاصيل',
        },
        de: {
          name: '2.400 m² Grundstück im Olivenhain, Urla',
          description:
            'Landwirtschaftliche Fläche 8 km vom Zentrum von Urla, mit Fernblick aufs Meer und 60 ausgewachsenen Olivenbäumen. Zufahrtsweg vorhanden, Stromleitung an der Grundstücksgrenze. Eigene Tapu (Eigentumsurkunde), kein Miteigentumsanteil.',
          features: [
            '2.400 m²',
            'Eigene Tapu, kein Miteigentum',
            '60 Olivenbäume',
            'Direkt an der Straße',
            'Meerblick',
          ],
          actionLabel: 'Details anfragen',
        },
      },
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
      translations: {
        en: {
          name: '2-Bedroom Flat (2+1) in a Gated Complex, Bornova',
          description:
            'A 95 m² flat on a complex with a pool and landscaped gardens, close to Ege University and the metro. South-facing, with a newly fitted kitchen; sold with vacant possession.',
          features: ['95 m² net', 'Pool and parking', 'South-facing', 'Combi boiler', 'Mortgage-eligible'],
          actionLabel: 'Ask for details',
        },
        ru: {
          name: 'Квартира 2+1 в жилом комплексе, Bornova',
          description:
            'Квартира 95 м² в жилом комплексе с бассейном и зелёной территорией, рядом с Эгейским университетом и метро. Окна на юг, новая кухня; передаётся свободной от арендаторов.',
          features: ['95 м² нетто', 'Бассейн и парковка', 'Южная сторона', 'Газовый котёл', 'Подходит под ипотеку'],
          actionLabel: 'Узнать подробнее',
        },
        ar: {
          name: 'شقة 2+1 داخل مجمع سكني في Bornova',
          description:
            'شقة بمساحة 95 م² في مجمع سكني فيه مسبح ومساحات خضراء، قرب جامعة إيجه والمترو. واجهة جنوبية، ومطبخ جديد، وتُسلَّم خالية من المستأجرين.',
          features: ['95 م² صافية', 'مسبح وموقف سيارات', 'واجهة جنوبية', 'تدفئة كومبي', 'مناسبة للتمويل العقاري'],
          actionLabel: 'اطلب التفاصيل',
        },
        de: {
          name: '3-Zimmer-Wohnung (2+1) in einer Wohnanlage in Bornova',
          description:
            '95 m² große Wohnung in einer Wohnanlage mit Pool und Grünflächen, nahe der Ege-Universität und der Metro. Südausrichtung, neu eingebaute Küche; wird bezugsfrei übergeben.',
          features: [
            '95 m² Wohnfläche (netto)',
            'Pool und Stellplatz',
            'Südausrichtung',
            'Gas-Kombitherme',
            'Bankfinanzierung möglich',
          ],
          actionLabel: 'Details anfragen',
        },
      },
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
      translations: {
        en: {
          name: 'High-Street Shop to Let in Konak',
          description:
            'An 85 m² shop with a 40 m² storeroom on a busy street with heavy footfall, close to the Kemeraltı bazaar. Wide shop front, newly installed electrics. Monthly rent.',
          features: ['85 m² + 40 m² storage', '8 m shop frontage', 'WC', 'Suitable for any business'],
          actionLabel: 'Ask for details',
        },
        ru: {
          name: 'Аренда магазина на первой линии, Konak',
          description:
            'Торговое помещение 85 м² и склад 40 м² на улице с активным пешеходным потоком, рядом с рынком Kemeraltı. Большая витрина, новая электропроводка. Арендная плата помесячная.',
          features: ['85 м² + склад 40 м²', 'Витрина 8 м по фасаду', 'Санузел', 'Под любой бизнес'],
          actionLabel: 'Узнать подробнее',
        },
        ar: {
          name: 'محل للإيجار على شارع رئيسي في Konak',
          description:
            'محل تجاري بمساحة 85 م² مع مستودع بمساحة 40 م² على شارع يشهد حركة مشاة كثيفة، قرب سوق Kemeraltı. واجهة عرض واسعة، وتمديدات كهربائية جديدة. الإيجار شهري.',
          features: ['محل 85 م² ومستودع 40 م²', 'واجهة عرض بطول 8 م', 'دورة مياه', 'مناسب لأي نشاط تجاري'],
          actionLabel: 'اطلب التفاصيل',
        },
        de: {
          name: 'Ladenlokal an belebter Straße zur Miete, Konak',
          description:
            '85 m² Ladenfläche und 40 m² Lager an einer Straße mit hoher Passantenfrequenz, nahe dem Basarviertel Kemeraltı. Große Schaufensterfront, neue Elektroinstallation. Monatsmiete.',
          features: ['85 m² + 40 m² Lager', '8 m Schaufensterfront', 'WC', 'Für jede Branche geeignet'],
          actionLabel: 'Details anfragen',
        },
      },
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
