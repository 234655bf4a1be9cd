import { Type, type Static } from 'typebox';
import { literalUnion, Position } from '../common/http.ts';
import { OFFICE_ROLES, OFFICE_TEMPLATE_FIELDS } from './model.ts';
import { ProfileBankAccountSchema, ProfilePaymentMethodSchema } from '../profile/http.ts';
import type { OfficeDetails } from './events.ts';

/**
 * The office API (issue 30: keep these names). Request bodies bound only the work the server does; the Turkish rules
 * are in rules.ts. Answers in the usual `{ success, message, data, position }` shape.
 */
const Text = (max: number) => Type.String({ maxLength: max * 4 });

export const OfficeRoleSchema = literalUnion(OFFICE_ROLES);
export const OfficeTemplateFieldSchema = literalUnion(OFFICE_TEMPLATE_FIELDS);

export const OfficeIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const OfficeMemberParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  userId: Type.String({ maxLength: 64 }),
});
export const OfficeInvitationParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  invitationId: Type.String({ maxLength: 64 }),
});
export const OfficeCardParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  cardId: Type.String({ maxLength: 64 }),
});
export const InvitationTokenParams = Type.Object({ token: Type.String({ maxLength: 256 }) });

export const CreateOfficeBody = Type.Object({ name: Type.Optional(Text(120)), slug: Type.Optional(Text(40)) });
export type CreateOfficeBody = Static<typeof CreateOfficeBody>;

const Location = Type.Union([Type.Object({ lat: Type.Number(), lng: Type.Number() }), Type.Null()]);

/** 'Ofis Bilgileri': every field optional in the schema, so a missing one is answered in Turkish by the rules. */
export const OfficeDetailsBody = Type.Object({
  name: Type.Optional(Text(120)),
  company: Type.Optional(Text(150)),
  address: Type.Optional(Text(300)),
  location: Type.Optional(Location),
  phone: Type.Optional(Text(30)),
  email: Type.Optional(Text(254)),
  website: Type.Optional(Text(200)),
  taxOffice: Type.Optional(Text(100)),
  taxNumber: Type.Optional(Text(20)),
  licenceNumber: Type.Optional(Text(30)),
  primaryColor: Type.Optional(Text(7)),
  secondaryColor: Type.Optional(Text(7)),
  theme: Type.Optional(Text(32)),
  /** Entries as the profile's (bankName, accountHolder, iban…; type, accountName…); checked by the profile's rules. */
  bankAccounts: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 10 })),
  paymentMethods: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 10 })),
});
export type OfficeDetailsBody = Static<typeof OfficeDetailsBody>;

export const OfficeTemplateBody = Type.Object({
  fields: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20 }),
  locked: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20 }),
});
export type OfficeTemplateBody = Static<typeof OfficeTemplateBody>;

export const InviteBody = Type.Object({
  email: Type.Optional(Text(254)),
  role: Type.Optional(Type.String({ maxLength: 20 })),
});
export type InviteBody = Static<typeof InviteBody>;

export const MemberRoleBody = Type.Object({ role: Type.Optional(Type.String({ maxLength: 20 })) });
export type MemberRoleBody = Static<typeof MemberRoleBody>;

export const OfficeCardBody = Type.Object({
  type: Type.Optional(Type.String({ maxLength: 20 })),
  color: Type.Optional(Type.String({ maxLength: 20 })),
});
export type OfficeCardBody = Static<typeof OfficeCardBody>;

/**
 * An office admin's order of physical cards: the CSV file's text (`tür,renk,adet` or `type,color,count`), read by
 * `parseCardOrderCsv`, which also says when it is too long (so no maxLength here: its message is the clearer one).
 */
export const CardOrderBody = Type.Object({ csv: Type.String() }, { additionalProperties: false });
export type CardOrderBody = Static<typeof CardOrderBody>;

/** The cards an order made, in the order's order, with the address each NFC tag is written with. */
export const CardOrderResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Object({
    batchId: Type.String(),
    cards: Type.Array(
      Type.Object({ cardId: Type.String(), type: Type.String(), color: Type.String(), profileUrl: Type.String() }),
    ),
  }),
  position: Position,
});
export type CardOrderResponse = Static<typeof CardOrderResponse>;

export const AssignCardBody = Type.Object({ userId: Type.Optional(Type.String({ maxLength: 64 })) });
export type AssignCardBody = Static<typeof AssignCardBody>;

/** The office's details as the screens and the public page show them. */
export const OfficeDetailsView = Type.Object({
  name: Type.String(),
  company: Type.String(),
  address: Type.String(),
  location: Location,
  phone: Type.String(),
  email: Type.String(),
  website: Type.String(),
  taxOffice: Type.String(),
  taxNumber: Type.String(),
  licenceNumber: Type.String(),
  primaryColor: Type.String(),
  secondaryColor: Type.String(),
  theme: Type.String(),
  bankAccounts: Type.Array(ProfileBankAccountSchema),
  paymentMethods: Type.Array(ProfilePaymentMethodSchema),
});
export type OfficeDetailsView = Static<typeof OfficeDetailsView>;

export const OfficeTemplateView = Type.Object({
  fields: Type.Array(OfficeTemplateFieldSchema),
  locked: Type.Array(OfficeTemplateFieldSchema),
});
export type OfficeTemplateView = Static<typeof OfficeTemplateView>;

export const OfficeView = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  details: OfficeDetailsView,
  logoUrl: Type.String(),
  template: OfficeTemplateView,
  /**
   * The office's REMS link (decision 61): while `active`, every office card's 'Görüşme Planla' reaches the office's
   * REMS; otherwise each member's own key serves the office cards they hold. Never the key: its last 4 characters.
   */
  rems: Type.Object({ active: Type.Boolean(), keyHint: Type.Union([Type.String({ maxLength: 4 }), Type.Null()]) }),
  memberCount: Type.Integer(),
  /** Every member must have two-step sign-in or a passkey (issue 34). */
  requireSecondStep: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type OfficeView = Static<typeof OfficeView>;

/** `GET /api/offices/current`: the signed-in person's office and role, or null. */
export const CurrentOfficeResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Union([Type.Object({ office: OfficeView, role: OfficeRoleSchema }), Type.Null()]),
});
export type CurrentOfficeResponse = Static<typeof CurrentOfficeResponse>;

export const OfficeMemberView = Type.Object({
  userId: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  role: OfficeRoleSchema,
  joinedAt: Type.String({ format: 'date-time' }),
  /** Office cards the member holds now. */
  cardIds: Type.Array(Type.String()),
});
export type OfficeMemberView = Static<typeof OfficeMemberView>;

export const OfficeMembersResponse = Type.Object({ success: Type.Literal(true), data: Type.Array(OfficeMemberView) });
export type OfficeMembersResponse = Static<typeof OfficeMembersResponse>;

export const OFFICE_INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const OfficeInvitationView = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: OfficeRoleSchema,
  status: literalUnion(OFFICE_INVITATION_STATUSES),
  expiresAt: Type.String({ format: 'date-time' }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type OfficeInvitationView = Static<typeof OfficeInvitationView>;

export const OfficeInvitationsResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(OfficeInvitationView),
});
export type OfficeInvitationsResponse = Static<typeof OfficeInvitationsResponse>;

/** `GET /api/invitations/{token}` (public): what the invitation page shows before the person signs in. */
export const InvitationPreviewResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    officeName: Type.String(),
    role: OfficeRoleSchema,
    email: Type.String(),
    expiresAt: Type.String({ format: 'date-time' }),
  }),
});
export type InvitationPreviewResponse = Static<typeof InvitationPreviewResponse>;

export const OfficeCardView = Type.Object({
  cardId: Type.String(),
  type: Type.String(),
  color: Type.String(),
  /** Who holds it now; null: in the pool. */
  holderId: Type.Union([Type.String(), Type.Null()]),
  holderName: Type.Union([Type.String(), Type.Null()]),
  isActive: Type.Boolean(),
  profileUrl: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type OfficeCardView = Static<typeof OfficeCardView>;

export const OfficeCardsResponse = Type.Object({ success: Type.Literal(true), data: Type.Array(OfficeCardView) });
export type OfficeCardsResponse = Static<typeof OfficeCardsResponse>;

export const OFFICE_HISTORY_TYPES = [
  'created',
  'details-changed',
  'logo-changed',
  'template-changed',
  'second-step-required',
  'second-step-optional',
  'invited',
  'invitation-revoked',
  'joined',
  'role-changed',
  'left',
  'removed',
  'rems-linked',
  'rems-unlinked',
] as const;

/** 'Ofis Geçmişi': one line per change, who did it and to whom. */
export const OfficeHistoryEntry = Type.Object({
  type: literalUnion(OFFICE_HISTORY_TYPES),
  at: Type.String({ format: 'date-time' }),
  actorName: Type.String(),
  subjectName: Type.String(),
  role: Type.Union([OfficeRoleSchema, Type.Null()]),
});
export type OfficeHistoryEntry = Static<typeof OfficeHistoryEntry>;

export const OfficeHistoryResponse = Type.Object({ success: Type.Literal(true), data: Type.Array(OfficeHistoryEntry) });
export type OfficeHistoryResponse = Static<typeof OfficeHistoryResponse>;

/** Every office command answers this: its Turkish message, what it made or changed, and the position. */
export const OfficeCommandResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  position: Position,
});
export type OfficeCommandResponse = Static<typeof OfficeCommandResponse>;

/** The stored details as the answers show them (lists copied: the answer is not the state). */
export function toOfficeDetailsView(details: OfficeDetails): OfficeDetailsView {
  return {
    ...details,
    location: details.location ? { lat: details.location.lat, lng: details.location.lng } : null,
    bankAccounts: details.bankAccounts.map((account) => ({ ...account })),
    paymentMethods: details.paymentMethods.map((method) => ({ ...method })),
  };
}

export { OfficeSecurityBody } from '../account/security-http.ts';
