import { Type, type Static } from 'typebox';
import { CARD_COLORS, CARD_TYPES } from './model.ts';
import { CARD_ID_MAX_LENGTH, CARD_NAME_MAX_LENGTH } from './rules.ts';
import { literalUnion, Position } from '../common/http.ts';

// Lengths here only bound the work the server does; the Turkish rules live in rules.ts.
// Body fields are optional in the schema so the route can answer each missing one with the
// SPEC's own message ('Lütfen kart ID girin', 'Lütfen kart için bir isim belirtin').
const CardIdInput = Type.String({ maxLength: CARD_ID_MAX_LENGTH * 4, description: 'Required. Trimmed and upper-cased by the server.' });
const CardNameInput = Type.String({ maxLength: CARD_NAME_MAX_LENGTH * 4, description: 'Required.' });

export const CardTypeSchema = literalUnion(CARD_TYPES);
export const CardColorSchema = literalUnion(CARD_COLORS);

/** SPEC §3 Card, plus the SVG QR URL. */
export const Card = Type.Object({
  _id: Type.String(),
  cardId: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  type: CardTypeSchema,
  color: CardColorSchema,
  /** Physical cards: the id written on the NFC chip (the card id); virtual cards: null. */
  nfcId: Type.Union([Type.String(), Type.Null()]),
  /** Activated and not deactivated: the public page shows the profile. */
  isActive: Type.Boolean(),
  isActivated: Type.Boolean(),
  activatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Same-origin URL of the PNG (carries ?v=qrVersion; add download=1 to save it). */
  qrCode: Type.String(),
  qrSvg: Type.String(),
  /** PUBLIC_BASE_URL + '/p/' + cardId: what the NFC chip and the QR code open. */
  profileUrl: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Card = Static<typeof Card>;

export const MyCardsResponse = Type.Object({ success: Type.Literal(true), cards: Type.Array(Card) });
export type MyCardsResponse = Static<typeof MyCardsResponse>;

/** The activation screen's check: exists? activated? Nothing about the owner. */
export const CardLookupResponse = Type.Object({
  success: Type.Literal(true),
  card: Type.Object({ cardId: Type.String(), type: CardTypeSchema, isActivated: Type.Boolean() }),
});
export type CardLookupResponse = Static<typeof CardLookupResponse>;

export const CardHistoryType = Type.Union([
  Type.Literal('provisioned'),
  Type.Literal('created'),
  Type.Literal('activated'),
  Type.Literal('deactivated'),
  Type.Literal('reactivated'),
  Type.Literal('qr-regenerated'),
  // An office's card given to a member, and taken back into the office's pool (issue 30).
  Type.Literal('assigned'),
  Type.Literal('returned'),
]);
export type CardHistoryType = Static<typeof CardHistoryType>;

export const CardHistoryEntry = Type.Object({ type: CardHistoryType, at: Type.String({ format: 'date-time' }) });
export type CardHistoryEntry = Static<typeof CardHistoryEntry>;

export const MyCardResponse = Type.Object({ success: Type.Literal(true), card: Card, history: Type.Array(CardHistoryEntry) });
export type MyCardResponse = Static<typeof MyCardResponse>;

export const ActivateCardBody = Type.Object(
  { cardId: Type.Optional(CardIdInput), name: Type.Optional(CardNameInput) },
  { additionalProperties: false },
);
export type ActivateCardBody = Static<typeof ActivateCardBody>;

export const CreateVirtualCardBody = Type.Object(
  {
    cardId: Type.Optional(CardIdInput),
    type: Type.Optional(Type.String({ maxLength: 20, description: "Must be 'virtual'." })),
    color: Type.Optional(Type.String({ maxLength: 20, description: "black, white, silver, gold or rose-gold; default black." })),
    name: Type.Optional(CardNameInput),
  },
  { additionalProperties: false },
);
export type CreateVirtualCardBody = Static<typeof CreateVirtualCardBody>;

export const CardParams = Type.Object({ cardId: Type.String({ maxLength: CARD_ID_MAX_LENGTH * 4 }) });
export type CardParams = Static<typeof CardParams>;

export const CardCommandResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  card: Card,
  position: Position,
});
export type CardCommandResponse = Static<typeof CardCommandResponse>;

export const QrQuery = Type.Object({
  v: Type.Optional(Type.String({ maxLength: 20, description: 'QR version; a current version makes the answer immutable.' })),
  download: Type.Optional(Type.String({ maxLength: 5, description: '1: answer as an attachment qrcode-{cardId}.png|svg' })),
});
export type QrQuery = Static<typeof QrQuery>;

/** What the card's public URL opens: PUBLIC_BASE_URL/p/{cardId}. The QR code encodes exactly this. */
export function cardProfileUrl(publicBaseUrl: string, cardId: string): string {
  return `${publicBaseUrl}/p/${cardId}`;
}

/** Same-origin path of a card's QR image; the version changes when the owner regenerates the QR. */
export function cardQrPath(cardId: string, format: 'png' | 'svg', qrVersion: number): string {
  return `/api/cards/${cardId}/qr.${format}?v=${qrVersion}`;
}

/** The facts both the command answers and the read model have about a card. */
export interface CardFacts {
  readonly cardId: string;
  readonly type: Card['type'];
  readonly color: Card['color'];
  readonly name: string | null;
  readonly isActivated: boolean;
  readonly isActive: boolean;
  readonly activatedAt: string | null;
  readonly qrVersion: number;
  readonly createdAt: string;
}

/** One mapping to the SPEC's Card shape, so a command's answer and the card list never disagree. */
export function toCard(facts: CardFacts, publicBaseUrl: string): Card {
  return {
    _id: facts.cardId,
    cardId: facts.cardId,
    name: facts.name,
    type: facts.type,
    color: facts.color,
    nfcId: facts.type === 'virtual' ? null : facts.cardId,
    isActive: facts.isActive,
    isActivated: facts.isActivated,
    activatedAt: facts.activatedAt,
    qrCode: cardQrPath(facts.cardId, 'png', facts.qrVersion),
    qrSvg: cardQrPath(facts.cardId, 'svg', facts.qrVersion),
    profileUrl: cardProfileUrl(publicBaseUrl, facts.cardId),
    createdAt: facts.createdAt,
  };
}

/**
 * The owner's profile as the public card page shows it (GET /api/profile/card/{cardId}): the
 * SPEC §3 Profile fields (as `Profile` in http/profile.ts shapes them) and nothing else: no
 * timestamps, nothing the profile read model may keep for itself. `_id` and `user` stay because the card page's own
 * public calls need them (products, REMS check, click recording).
 */
export const PUBLIC_PROFILE_FIELDS = [
  '_id',
  'user',
  'title',
  'jobTitle',
  'firstName',
  'lastName',
  'company',
  'bio',
  'phone',
  'phoneFormatted',
  'email',
  'website',
  'profilePicture',
  'coverPhoto',
  'companyLogo',
  'thumbnails',
  'theme',
  'address',
  'location',
  'socialLinks',
  'companyInfo',
  'invoiceInfo',
  'bankAccounts',
  'paymentMethods',
] as const;

// An answer, not a request body: the stored profile's values pass through as they are. Typed, the
// serializer would coerce or drop what older events stored (decision 59).
export const PublicProfile = Type.Object({
  _id: Type.Optional(Type.Unknown()),
  user: Type.Optional(Type.Unknown()),
  title: Type.Optional(Type.Unknown()),
  jobTitle: Type.Optional(Type.Unknown()),
  firstName: Type.Optional(Type.Unknown()),
  lastName: Type.Optional(Type.Unknown()),
  company: Type.Optional(Type.Unknown()),
  bio: Type.Optional(Type.Unknown()),
  phone: Type.Optional(Type.Unknown()),
  phoneFormatted: Type.Optional(Type.Unknown()),
  email: Type.Optional(Type.Unknown()),
  website: Type.Optional(Type.Unknown()),
  profilePicture: Type.Optional(Type.Unknown()),
  coverPhoto: Type.Optional(Type.Unknown()),
  companyLogo: Type.Optional(Type.Unknown()),
  thumbnails: Type.Optional(Type.Unknown()),
  theme: Type.Optional(Type.Unknown()),
  address: Type.Optional(Type.Unknown()),
  location: Type.Optional(Type.Unknown()),
  socialLinks: Type.Optional(Type.Unknown()),
  companyInfo: Type.Optional(Type.Unknown()),
  invoiceInfo: Type.Optional(Type.Unknown()),
  bankAccounts: Type.Optional(Type.Unknown()),
  paymentMethods: Type.Optional(Type.Unknown()),
});
export type PublicProfile = Static<typeof PublicProfile>;

export const PublicProfileResponse = Type.Object({ success: Type.Literal(true), profile: PublicProfile });
export type PublicProfileResponse = Static<typeof PublicProfileResponse>;
