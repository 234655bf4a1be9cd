/** The 81 provinces (il) of Türkiye in Turkish spelling: what a Turkish reader calls the city. */
const PROVINCES = [
  'Adana',
  'Adıyaman',
  'Afyonkarahisar',
  'Ağrı',
  'Amasya',
  'Ankara',
  'Antalya',
  'Artvin',
  'Aydın',
  'Balıkesir',
  'Bilecik',
  'Bingöl',
  'Bitlis',
  'Bolu',
  'Burdur',
  'Bursa',
  'Çanakkale',
  'Çankırı',
  'Çorum',
  'Denizli',
  'Diyarbakır',
  'Edirne',
  'Elazığ',
  'Erzincan',
  'Erzurum',
  'Eskişehir',
  'Gaziantep',
  'Giresun',
  'Gümüşhane',
  'Hakkari',
  'Hatay',
  'Isparta',
  'Mersin',
  'İstanbul',
  'İzmir',
  'Kars',
  'Kastamonu',
  'Kayseri',
  'Kırklareli',
  'Kırşehir',
  'Kocaeli',
  'Konya',
  'Kütahya',
  'Malatya',
  'Manisa',
  'Kahramanmaraş',
  'Mardin',
  'Muğla',
  'Muş',
  'Nevşehir',
  'Niğde',
  'Ordu',
  'Rize',
  'Sakarya',
  'Samsun',
  'Siirt',
  'Sinop',
  'Sivas',
  'Tekirdağ',
  'Tokat',
  'Trabzon',
  'Tunceli',
  'Şanlıurfa',
  'Uşak',
  'Van',
  'Yozgat',
  'Zonguldak',
  'Aksaray',
  'Bayburt',
  'Karaman',
  'Kırıkkale',
  'Batman',
  'Şırnak',
  'Bartın',
  'Ardahan',
  'Iğdır',
  'Yalova',
  'Karabük',
  'Kilis',
  'Osmaniye',
  'Düzce',
] as const;

/** Older or shortened names geolocation data still uses. */
const ALIASES: Readonly<Record<string, string>> = {
  icel: 'Mersin',
  afyon: 'Afyonkarahisar',
  maras: 'Kahramanmaraş',
  urfa: 'Şanlıurfa',
};

/** ASCII key of a place name: 'İstanbul', 'Istanbul' and 'ISTANBUL Province' all become 'istanbul'. */
function placeKey(name: string): string {
  return name
    .replace(/[ıİI]/g, 'i')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\b(province|ili)\b/g, '')
    .replace(/[^a-z]/g, '');
}

const BY_KEY = new Map<string, string>([
  ...PROVINCES.map((name) => [placeKey(name), name] as const),
  ...Object.entries(ALIASES),
]);

/** The province's Turkish name for a name as geolocation data writes it ('Sanliurfa', 'Izmir Province'); null if none matches. */
export function turkishProvince(name: string): string | null {
  return BY_KEY.get(placeKey(name)) ?? null;
}

export const TURKISH_PROVINCE_COUNT = PROVINCES.length;
