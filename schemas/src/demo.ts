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
 * - the pin is Konak Square, a public place, not anybody's home or office.
 * No tax, MERSİS or bank numbers: numbers that pass their checksums may belong to someone.
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
  socialLinks: [],
  bankAccounts: [],
  paymentMethods: [],
} as const;

/** True for the sample card's owner: its card shows the sample banner and records nothing about visitors. */
export function isDemoOwner(ownerId: string | null | undefined): boolean {
  return typeof ownerId === 'string' && ownerId.toLowerCase() === DEMO_OWNER_ID;
}
