import type { PublicLanguage } from '@kartvizit/schemas/language/model';
import {
  HEATING_LABELS,
  LISTING_PURPOSE_LABELS,
  NAMED_FLOOR_LABELS,
  PARKING_LABELS,
  PROPERTY_TYPE_LABELS,
  TITLE_DEED_LABELS,
  type HeatingType,
  type ListingPurpose,
  type NamedFloor,
  type ParkingType,
  type PropertyType,
  type TitleDeedType,
} from '@kartvizit/schemas/product/listing';

/**
 * A listing's words on the public pages (issue 33) in each visitor's language: the lists' labels as that language's
 * property sites write them, the facts' names, and the few sentences around them. Turkish is the schemas' own labels
 * (the owner's screen says the same). Kept apart from the ICU catalogues (catalogues/*.ts): these are plain lists,
 * and the counts use the language's plural rules (Intl.PluralRules).
 */
export interface ListingWords {
  readonly purposes: { readonly [P in ListingPurpose]: string };
  readonly types: { readonly [T in PropertyType]: string };
  readonly heating: { readonly [H in HeatingType]: string };
  readonly parking: { readonly [P in ParkingType]: string };
  readonly titleDeeds: { readonly [T in TitleDeedType]: string };
  readonly floors: { readonly [F in NamedFloor]: string };
  readonly floor: (number: string) => string;
  readonly facts: {
    readonly title: string;
    readonly purpose: string;
    readonly type: string;
    readonly rooms: string;
    readonly grossM2: string;
    readonly netM2: string;
    readonly floor: string;
    readonly buildingFloors: string;
    readonly buildingAge: string;
    readonly heating: string;
    readonly bathrooms: string;
    readonly furnished: string;
    readonly inSite: string;
    readonly balcony: string;
    readonly parking: string;
    readonly lift: string;
    readonly titleDeed: string;
    readonly creditEligible: string;
    readonly swap: string;
    readonly dues: string;
    readonly deposit: string;
    readonly place: string;
  };
  readonly yes: string;
  readonly no: string;
  readonly portfolio: string;
  readonly verified: string;
  readonly verifiedUntil: (date: string) => string;
  readonly authorisationNumber: (number: string) => string;
  readonly yetkiBelgesi: (number: string) => string;
  readonly askPrice: string;
  readonly perMonth: string;
  readonly perNight: string;
  readonly filters: string;
  readonly all: string;
  /** 'N ilan' by the language's plural rules ('#' is the number): the page's script counts with them too. */
  readonly countForms: CountForms;
  readonly noneMatch: string;
  readonly call: string;
  readonly book: string;
  readonly whatsApp: string;
  readonly whatsAppQuestion: (name: string, url: string) => string;
  readonly mapTitle: string;
}

export type CountForms = Partial<Record<Intl.LDMLPluralRule, string>> & { readonly other: string };

/** 'N ilan' in `language`: the form its plural rules pick for `count`. */
export function countOf(language: PublicLanguage, count: number): string {
  const forms = LISTING_WORDS[language].countForms;
  return (forms[new Intl.PluralRules(language).select(count)] ?? forms.other).replace('#', String(count));
}

const tr: ListingWords = {
  purposes: LISTING_PURPOSE_LABELS,
  types: PROPERTY_TYPE_LABELS,
  heating: HEATING_LABELS,
  parking: PARKING_LABELS,
  titleDeeds: TITLE_DEED_LABELS,
  floors: NAMED_FLOOR_LABELS,
  floor: (number) => `${number}. Kat`,
  facts: {
    title: 'İlan Bilgileri',
    purpose: 'İlan türü',
    type: 'Emlak tipi',
    rooms: 'Oda sayısı',
    grossM2: 'Brüt m²',
    netM2: 'Net m²',
    floor: 'Bulunduğu kat',
    buildingFloors: 'Kat sayısı',
    buildingAge: 'Bina yaşı',
    heating: 'Isıtma',
    bathrooms: 'Banyo sayısı',
    furnished: 'Eşyalı',
    inSite: 'Site içerisinde',
    balcony: 'Balkon',
    parking: 'Otopark',
    lift: 'Asansör',
    titleDeed: 'Tapu durumu',
    creditEligible: 'Krediye uygun',
    swap: 'Takas',
    dues: 'Aidat',
    deposit: 'Depozito',
    place: 'Konum',
  },
  yes: 'Evet',
  no: 'Hayır',
  portfolio: 'Portföy',
  verified: 'EİDS Doğrulandı',
  verifiedUntil: (date) => `EİDS yetkisi ${date} tarihine kadar geçerli`,
  authorisationNumber: (number) => `EİDS yetki no: ${number}`,
  yetkiBelgesi: (number) => `Taşınmaz Ticareti Yetki Belgesi No: ${number}`,
  askPrice: 'Fiyat sorunuz',
  perMonth: '/ay',
  perNight: '/gece',
  filters: 'İlanları süz',
  all: 'Tümü',
  countForms: { other: '# ilan' },
  noneMatch: 'Bu seçime uyan ilan yok.',
  call: 'Ara',
  book: 'Görüşme Planla',
  whatsApp: 'WhatsApp ile Bilgi Al',
  whatsAppQuestion: (name, url) => `Merhaba, '${name}' ilanınız hakkında bilgi almak istiyorum: ${url}`,
  mapTitle: 'Haritada konum',
};

const en: ListingWords = {
  purposes: { sale: 'For sale', rent: 'For rent', dailyRent: 'Holiday let' },
  types: {
    apartment: 'Flat',
    residence: 'Serviced residence',
    detachedHouse: 'Detached house',
    villa: 'Villa',
    summerHouse: 'Summer house',
    land: 'Building plot',
    field: 'Farmland',
    commercial: 'Commercial premises',
    office: 'Office',
    shop: 'Shop',
    warehouse: 'Warehouse',
    building: 'Whole building',
  },
  heating: {
    none: 'None',
    stove: 'Stove',
    gasStove: 'Gas stove',
    combi: 'Gas combi boiler',
    central: 'Central heating',
    centralMetered: 'Central heating (metered)',
    underfloor: 'Underfloor heating',
    airConditioning: 'Air conditioning',
    fancoil: 'Fan coil',
    solar: 'Solar',
    geothermal: 'Geothermal',
    electric: 'Electric radiators',
  },
  parking: { none: 'None', open: 'Open parking', closed: 'Covered parking', openAndClosed: 'Open and covered parking' },
  titleDeeds: {
    condominium: 'Freehold flat title (kat mülkiyeti)',
    floorEasement: 'Construction servitude (kat irtifakı)',
    shared: 'Shared title',
    detached: 'Detached title',
    landTitle: 'Land title',
    cooperative: 'Cooperative share',
    allocation: 'Allocation',
  },
  floors: {
    basement: 'Basement',
    ground: 'Ground floor',
    garden: 'Garden floor',
    raisedGround: 'Raised ground floor',
    villa: 'Villa floor',
    roof: 'Top floor (roof)',
  },
  floor: (number) => `Floor ${number}`,
  facts: {
    title: 'Property details',
    purpose: 'Listing type',
    type: 'Property type',
    rooms: 'Rooms',
    grossM2: 'Gross area',
    netM2: 'Net area',
    floor: 'Floor',
    buildingFloors: 'Floors in building',
    buildingAge: 'Building age',
    heating: 'Heating',
    bathrooms: 'Bathrooms',
    furnished: 'Furnished',
    inSite: 'In a gated complex',
    balcony: 'Balcony',
    parking: 'Parking',
    lift: 'Lift',
    titleDeed: 'Title deed',
    creditEligible: 'Mortgage eligible',
    swap: 'Open to swap',
    dues: 'Service charge',
    deposit: 'Deposit',
    place: 'Location',
  },
  yes: 'Yes',
  no: 'No',
  portfolio: 'Property listings',
  verified: 'EİDS verified',
  verifiedUntil: (date) => `EİDS authorisation valid until ${date}`,
  authorisationNumber: (number) => `EİDS authorisation no. ${number}`,
  yetkiBelgesi: (number) => `Real estate trade licence no. ${number}`,
  askPrice: 'Price on request',
  perMonth: '/month',
  perNight: '/night',
  filters: 'Filter listings',
  all: 'All',
  countForms: { one: '# listing', other: '# listings' },
  noneMatch: 'No listings match this selection.',
  call: 'Call',
  book: 'Book a viewing',
  whatsApp: 'Ask on WhatsApp',
  whatsAppQuestion: (name, url) => `Hello, I would like to know more about your listing '${name}': ${url}`,
  mapTitle: 'Location on the map',
};

const ru: ListingWords = {
  purposes: { sale: 'Продажа', rent: 'Аренда', dailyRent: 'Посуточная аренда' },
  types: {
    apartment: 'Квартира',
    residence: 'Апартаменты в резиденции',
    detachedHouse: 'Частный дом',
    villa: 'Вилла',
    summerHouse: 'Летний дом',
    land: 'Земельный участок',
    field: 'Сельхозугодье',
    commercial: 'Коммерческое помещение',
    office: 'Офис',
    shop: 'Магазин',
    warehouse: 'Склад',
    building: 'Здание',
  },
  heating: {
    none: 'Нет',
    stove: 'Печь',
    gasStove: 'Газовая печь',
    combi: 'Газовый котёл',
    central: 'Центральное',
    centralMetered: 'Центральное (по счётчику)',
    underfloor: 'Тёплый пол',
    airConditioning: 'Кондиционер',
    fancoil: 'Фанкойл',
    solar: 'Солнечное',
    geothermal: 'Геотермальное',
    electric: 'Электрические радиаторы',
  },
  parking: { none: 'Нет', open: 'Открытая парковка', closed: 'Крытая парковка', openAndClosed: 'Открытая и крытая парковка' },
  titleDeeds: {
    condominium: 'Право собственности на квартиру (kat mülkiyeti)',
    floorEasement: 'Право на строящуюся квартиру (kat irtifakı)',
    shared: 'Долевая собственность',
    detached: 'Отдельный титул',
    landTitle: 'Титул на землю',
    cooperative: 'Доля в кооперативе',
    allocation: 'Выделение (tahsis)',
  },
  floors: {
    basement: 'Цокольный этаж',
    ground: 'Первый этаж',
    garden: 'Этаж с садом',
    raisedGround: 'Высокий первый этаж',
    villa: 'Этаж виллы',
    roof: 'Мансарда',
  },
  floor: (number) => `${number}-й этаж`,
  facts: {
    title: 'Об объекте',
    purpose: 'Тип объявления',
    type: 'Тип недвижимости',
    rooms: 'Комнаты',
    grossM2: 'Общая площадь',
    netM2: 'Жилая площадь',
    floor: 'Этаж',
    buildingFloors: 'Этажей в доме',
    buildingAge: 'Возраст здания',
    heating: 'Отопление',
    bathrooms: 'Санузлы',
    furnished: 'С мебелью',
    inSite: 'В жилом комплексе',
    balcony: 'Балкон',
    parking: 'Парковка',
    lift: 'Лифт',
    titleDeed: 'Тип документа о собственности',
    creditEligible: 'Подходит для ипотеки',
    swap: 'Возможен обмен',
    dues: 'Ежемесячный сбор (aidat)',
    deposit: 'Залог',
    place: 'Расположение',
  },
  yes: 'Да',
  no: 'Нет',
  portfolio: 'Объекты',
  verified: 'Проверено EİDS',
  verifiedUntil: (date) => `Разрешение EİDS действует до ${date}`,
  authorisationNumber: (number) => `Номер разрешения EİDS: ${number}`,
  yetkiBelgesi: (number) => `Лицензия на операции с недвижимостью № ${number}`,
  askPrice: 'Цена по запросу',
  perMonth: '/мес.',
  perNight: '/ночь',
  filters: 'Фильтр объявлений',
  all: 'Все',
  countForms: { one: '# объявление', few: '# объявления', many: '# объявлений', other: '# объявления' },
  noneMatch: 'Нет объявлений по этому выбору.',
  call: 'Позвонить',
  book: 'Записаться на просмотр',
  whatsApp: 'Спросить в WhatsApp',
  whatsAppQuestion: (name, url) => `Здравствуйте, меня интересует ваше объявление «${name}»: ${url}`,
  mapTitle: 'Расположение на карте',
};

const ar: ListingWords = {
  purposes: { sale: 'للبيع', rent: 'للإيجار', dailyRent: 'إيجار يومي' },
  types: {
    apartment: 'شقة',
    residence: 'شقة فندقية',
    detachedHouse: 'منزل مستقل',
    villa: 'فيلا',
    summerHouse: 'منزل صيفي',
    land: 'أرض للبناء',
    field: 'أرض زراعية',
    commercial: 'محل تجاري',
    office: 'مكتب',
    shop: 'متجر',
    warehouse: 'مستودع',
    building: 'بناية كاملة',
  },
  heating: {
    none: 'لا يوجد',
    stove: 'مدفأة',
    gasStove: 'مدفأة غاز',
    combi: 'غلاية غاز (كومبي)',
    central: 'تدفئة مركزية',
    centralMetered: 'تدفئة مركزية بعداد',
    underfloor: 'تدفئة أرضية',
    airConditioning: 'مكيف',
    fancoil: 'وحدة فان كويل',
    solar: 'طاقة شمسية',
    geothermal: 'طاقة حرارية أرضية',
    electric: 'مشعات كهربائية',
  },
  parking: { none: 'لا يوجد', open: 'موقف مكشوف', closed: 'موقف مغطى', openAndClosed: 'موقف مكشوف ومغطى' },
  titleDeeds: {
    condominium: 'سند ملكية طابقية (kat mülkiyeti)',
    floorEasement: 'سند حق طابقي (kat irtifakı)',
    shared: 'سند ملكية مشتركة',
    detached: 'سند مستقل',
    landTitle: 'سند أرض',
    cooperative: 'حصة تعاونية',
    allocation: 'تخصيص',
  },
  floors: {
    basement: 'الطابق السفلي',
    ground: 'الطابق الأرضي',
    garden: 'طابق الحديقة',
    raisedGround: 'الطابق الأرضي المرتفع',
    villa: 'طابق الفيلا',
    roof: 'الطابق العلوي (السطح)',
  },
  floor: (number) => `الطابق ${number}`,
  facts: {
    title: 'تفاصيل العقار',
    purpose: 'نوع الإعلان',
    type: 'نوع العقار',
    rooms: 'عدد الغرف',
    grossM2: 'المساحة الإجمالية',
    netM2: 'المساحة الصافية',
    floor: 'الطابق',
    buildingFloors: 'عدد طوابق المبنى',
    buildingAge: 'عمر المبنى',
    heating: 'التدفئة',
    bathrooms: 'عدد الحمامات',
    furnished: 'مفروش',
    inSite: 'داخل مجمع سكني',
    balcony: 'شرفة',
    parking: 'موقف سيارات',
    lift: 'مصعد',
    titleDeed: 'نوع سند الملكية',
    creditEligible: 'مناسب للتمويل العقاري',
    swap: 'قابل للمقايضة',
    dues: 'رسوم الخدمات الشهرية',
    deposit: 'التأمين',
    place: 'الموقع',
  },
  yes: 'نعم',
  no: 'لا',
  portfolio: 'العقارات المعروضة',
  verified: 'موثّق عبر EİDS',
  verifiedUntil: (date) => `تفويض EİDS ساري حتى ${date}`,
  authorisationNumber: (number) => `رقم تفويض EİDS: ${number}`,
  yetkiBelgesi: (number) => `رقم رخصة الوساطة العقارية: ${number}`,
  askPrice: 'السعر عند الطلب',
  perMonth: '/شهريًا',
  perNight: '/لليلة',
  filters: 'تصفية الإعلانات',
  all: 'الكل',
  countForms: { zero: 'لا إعلانات', one: 'إعلان واحد', two: 'إعلانان', few: '# إعلانات', many: '# إعلانًا', other: '# إعلان' },
  noneMatch: 'لا توجد إعلانات تطابق هذا الاختيار.',
  call: 'اتصال',
  book: 'حجز موعد معاينة',
  whatsApp: 'استفسر عبر واتساب',
  whatsAppQuestion: (name, url) => `مرحبًا، أود الاستفسار عن إعلانكم «${name}»: ${url}`,
  mapTitle: 'الموقع على الخريطة',
};

const de: ListingWords = {
  purposes: { sale: 'Zu verkaufen', rent: 'Zu vermieten', dailyRent: 'Ferienvermietung' },
  types: {
    apartment: 'Wohnung',
    residence: 'Serviced Apartment',
    detachedHouse: 'Einfamilienhaus',
    villa: 'Villa',
    summerHouse: 'Ferienhaus',
    land: 'Baugrundstück',
    field: 'Ackerland',
    commercial: 'Gewerbefläche',
    office: 'Büro',
    shop: 'Ladenlokal',
    warehouse: 'Lager',
    building: 'Ganzes Gebäude',
  },
  heating: {
    none: 'Keine',
    stove: 'Ofen',
    gasStove: 'Gasofen',
    combi: 'Gas-Kombitherme',
    central: 'Zentralheizung',
    centralMetered: 'Zentralheizung (mit Zähler)',
    underfloor: 'Fußbodenheizung',
    airConditioning: 'Klimaanlage',
    fancoil: 'Gebläsekonvektor',
    solar: 'Solar',
    geothermal: 'Geothermie',
    electric: 'Elektroheizkörper',
  },
  parking: { none: 'Keiner', open: 'Außenstellplatz', closed: 'Tiefgarage', openAndClosed: 'Außenstellplatz und Tiefgarage' },
  titleDeeds: {
    condominium: 'Wohnungseigentum (kat mülkiyeti)',
    floorEasement: 'Anwartschaft auf Wohnungseigentum (kat irtifakı)',
    shared: 'Miteigentumsanteil',
    detached: 'Alleineigentum',
    landTitle: 'Grundstückstitel',
    cooperative: 'Genossenschaftsanteil',
    allocation: 'Zuteilung',
  },
  floors: {
    basement: 'Untergeschoss',
    ground: 'Erdgeschoss',
    garden: 'Gartengeschoss',
    raisedGround: 'Hochparterre',
    villa: 'Villengeschoss',
    roof: 'Dachgeschoss',
  },
  floor: (number) => `${number}. Etage`,
  facts: {
    title: 'Objektdaten',
    purpose: 'Angebotsart',
    type: 'Objektart',
    rooms: 'Zimmer',
    grossM2: 'Bruttofläche',
    netM2: 'Wohnfläche',
    floor: 'Etage',
    buildingFloors: 'Etagen im Gebäude',
    buildingAge: 'Baujahr-Alter',
    heating: 'Heizung',
    bathrooms: 'Badezimmer',
    furnished: 'Möbliert',
    inSite: 'In einer Wohnanlage',
    balcony: 'Balkon',
    parking: 'Stellplatz',
    lift: 'Aufzug',
    titleDeed: 'Grundbuchstatus',
    creditEligible: 'Finanzierbar',
    swap: 'Tausch möglich',
    dues: 'Hausgeld',
    deposit: 'Kaution',
    place: 'Lage',
  },
  yes: 'Ja',
  no: 'Nein',
  portfolio: 'Immobilienangebote',
  verified: 'EİDS-geprüft',
  verifiedUntil: (date) => `EİDS-Vollmacht gültig bis ${date}`,
  authorisationNumber: (number) => `EİDS-Vollmacht Nr. ${number}`,
  yetkiBelgesi: (number) => `Maklerzulassung Nr. ${number}`,
  askPrice: 'Preis auf Anfrage',
  perMonth: '/Monat',
  perNight: '/Nacht',
  filters: 'Angebote filtern',
  all: 'Alle',
  countForms: { one: '# Angebot', other: '# Angebote' },
  noneMatch: 'Keine Angebote entsprechen dieser Auswahl.',
  call: 'Anrufen',
  book: 'Besichtigung vereinbaren',
  whatsApp: 'Per WhatsApp fragen',
  whatsAppQuestion: (name, url) => `Guten Tag, ich interessiere mich für Ihr Angebot „${name}“: ${url}`,
  mapTitle: 'Lage auf der Karte',
};

export const LISTING_WORDS: { readonly [L in PublicLanguage]: ListingWords } = { tr, en, ru, ar, de };
