/** The made-up owner shown on the landing and demo pages; not a real person. */
export const SAMPLE_PROFILE = {
  cardId: 'DEMO',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  initials: 'AY',
  jobTitle: 'Gayrimenkul Danışmanı',
  company: 'Yılmaz Gayrimenkul',
  city: 'İzmir',
  phone: '+90 532 000 00 00',
  email: 'ayse@ornek.com.tr',
  listings: [
    { title: '3+1 Daire, Karşıyaka', price: 6_450_000, per: null },
    { title: 'Kiralık Ofis, Alsancak', price: 42_500, per: 'ay' },
    { title: 'Arsa, Urla', price: 3_200_000, per: null },
  ],
} as const;

export function samplePublicCardUrl(): string {
  return `${window.location.origin}/p/${SAMPLE_PROFILE.cardId}`;
}
