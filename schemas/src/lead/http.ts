import { Type, type Static } from 'typebox';
import { LEAD_STATUSES } from './events.ts';
import { LEAD_LIMITS, LEAD_NOTE_MAX_LENGTH } from './rules.ts';
import { literalUnion, Position } from '../common/http.ts';
import { REMS_REGISTRATION_DISPLAY_STATUSES } from '../rems/model.ts';

// Lengths here only bound the work the server does; the Turkish rules live in validation/lead.ts.
// The form's fields are optional in the schema so the route answers each problem with the form's
// own message ('Ad Soyad alanı zorunludur') and its field.

/**
 * What both of the card's public forms ('Bilgilerini Paylaş', 'Görüşme Planlayın') send beside their own fields: the
 * optional marketing consent, the honeypot and the single-use form token.
 */
export const PUBLIC_FORM_FIELDS = {
  marketingConsent: Type.Optional(
    Type.Boolean({ description: 'Optional consent to promotional messages; default false.' }),
  ),
  website: Type.Optional(
    Type.String({ maxLength: 2000, description: 'Honeypot: a field people never see; must stay empty.' }),
  ),
  formToken: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'The token the page fetched from GET /api/profile/card/{cardId}/form-token.',
    }),
  ),
};

/** POST /api/leads: what the public card's 'Bilgilerini Paylaş' dialog sends (no session). */
export const SubmitLeadBody = Type.Object(
  {
    cardId: Type.String({ maxLength: 128, description: 'The card whose page the visitor is on.' }),
    fullName: Type.Optional(Type.String({ maxLength: LEAD_LIMITS.fullName * 4 })),
    phone: Type.Optional(Type.String({ maxLength: LEAD_LIMITS.phone * 4 })),
    email: Type.Optional(Type.String({ maxLength: LEAD_LIMITS.email * 4 })),
    message: Type.Optional(Type.String({ maxLength: LEAD_LIMITS.message * 4 })),
    ...PUBLIC_FORM_FIELDS,
  },
  { additionalProperties: false },
);
export type SubmitLeadBody = Static<typeof SubmitLeadBody>;

/**
 * GET /api/profile/card/{cardId}/form-token: a fresh single-use token for the card's lead form, fetched by the page's
 * script when the dialog opens (the page itself is the same stored bytes for everyone). Sent with `no-store`.
 */
export const FormTokenResponse = Type.Object({
  success: Type.Literal(true),
  token: Type.String({ description: 'Taken from minAgeMs after it was issued, for 24 hours.' }),
  minAgeMs: Type.Integer({ description: 'A person needs at least this long between opening the form and sending it.' }),
});
export type FormTokenResponse = Static<typeof FormTokenResponse>;

/**
 * The same answer whether the lead was stored or silently dropped (honeypot, a form sent faster
 * than a person can), so a bot learns nothing. Hence no `position` either.
 */
export const SubmitLeadResponse = Type.Object({ success: Type.Literal(true), message: Type.String() });
export type SubmitLeadResponse = Static<typeof SubmitLeadResponse>;

/** One lead as the owner's 'Bağlantılar' screen shows it. */
export const Lead = Type.Object({
  _id: Type.String({ format: 'uuid' }),
  cardId: Type.String(),
  /** The card's name when it has one (the owner's label for it). */
  cardName: Type.Union([Type.String(), Type.Null()]),
  fullName: Type.String(),
  phone: Type.String({ description: "E.164 ('+905321234567') or ''" }),
  phoneFormatted: Type.String({
    description: "Turkish national format ('0532 123 45 67'); other countries international",
  }),
  email: Type.String(),
  message: Type.String(),
  marketingConsent: Type.Boolean(),
  noticeVersion: Type.String(),
  submittedAt: Type.String({ format: 'date-time' }),
  /** Where the owner is with the lead; 'new' until they change it. */
  status: literalUnion(LEAD_STATUSES),
  /** When the status last changed; null while it is still 'new' from the start. */
  statusChangedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** The owner's private note about the visitor, '' when none. */
  note: Type.String(),
  /**
   * For a lead that came through 'Görüşme Planla' (issue 14): whether it reached the owner's REMS ('success'), failed,
   * or waits ('pending'); null for a lead of the contact form.
   */
  remsStatus: Type.Union([...literalUnion(REMS_REGISTRATION_DISPLAY_STATUSES).anyOf, Type.Null()]),
});
export type Lead = Static<typeof Lead>;

/** Status as a query or body sends it: any short text, so a wrong one is answered in Turkish by the route. */
const StatusText = Type.String({ maxLength: 32, description: LEAD_STATUSES.join(' | ') });

export const LEADS_PAGE_SIZE = 50;
export const LEADS_MAX_PAGE_SIZE = 200;
export const LEADS_SEARCH_MAX_LENGTH = 100;

/** Query strings are text (no coercion); the route reads the numbers. */
export const LeadsQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: LEADS_SEARCH_MAX_LENGTH })),
    status: Type.Optional(StatusText),
    limit: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,4}$', description: `1–${LEADS_MAX_PAGE_SIZE}; default ${LEADS_PAGE_SIZE}` }),
    ),
    offset: Type.Optional(Type.String({ pattern: '^[0-9]{1,7}$' })),
  },
  { additionalProperties: false },
);
export type LeadsQuery = Static<typeof LeadsQuery>;

export const LeadsExportQuery = Type.Object(
  { search: Type.Optional(Type.String({ maxLength: LEADS_SEARCH_MAX_LENGTH })), status: Type.Optional(StatusText) },
  { additionalProperties: false },
);
export type LeadsExportQuery = Static<typeof LeadsExportQuery>;

export const LeadsResponse = Type.Object({
  success: Type.Literal(true),
  /** Newest first. */
  leads: Type.Array(Lead),
  /** All leads matching the search and the status filter, not only this page. */
  total: Type.Integer(),
  /** Leads matching the search, per status (the status filter aside): the filter's numbers. */
  counts: Type.Object({ new: Type.Integer(), called: Type.Integer(), met: Type.Integer(), negative: Type.Integer() }),
});
export type LeadsResponse = Static<typeof LeadsResponse>;

export const LeadParams = Type.Object({ leadId: Type.String({ maxLength: 64 }) });
export type LeadParams = Static<typeof LeadParams>;

export const DeleteLeadResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  position: Position,
});
export type DeleteLeadResponse = Static<typeof DeleteLeadResponse>;

/** PUT /api/leads/{leadId}/status */
export const ChangeLeadStatusBody = Type.Object({ status: StatusText }, { additionalProperties: false });
export type ChangeLeadStatusBody = Static<typeof ChangeLeadStatusBody>;

/**
 * PUT /api/leads/{leadId}/note: '' clears it. The command body limit bounds the work; the Turkish
 * rule (checkLeadNote: at most LEAD_NOTE_MAX_LENGTH characters) answers anything longer.
 */
export const ChangeLeadNoteBody = Type.Object(
  { note: Type.String({ description: `At most ${LEAD_NOTE_MAX_LENGTH} characters; '' clears the note.` }) },
  { additionalProperties: false },
);
export type ChangeLeadNoteBody = Static<typeof ChangeLeadNoteBody>;

/** Both follow-up commands; `position` is '' when the value was already so and nothing was appended. */
export const LeadFollowUpResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  position: Position,
});
export type LeadFollowUpResponse = Static<typeof LeadFollowUpResponse>;

/**
 * GET /api/offices/{officeId}/leads (issue 30): the office's leads for its admins, each with the member holding its
 * card now (null: the card is in the office's pool).
 */
export const OfficeLead = Type.Object({
  ...Lead.properties,
  holderId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
});
export type OfficeLead = Static<typeof OfficeLead>;

export const OfficeLeadsParams = Type.Object({ officeId: Type.String({ maxLength: 64 }) });
export type OfficeLeadsParams = Static<typeof OfficeLeadsParams>;

export const OfficeLeadsResponse = Type.Object({
  success: Type.Literal(true),
  /** Newest first. */
  leads: Type.Array(OfficeLead),
  total: Type.Integer(),
  counts: Type.Object({ new: Type.Integer(), called: Type.Integer(), met: Type.Integer(), negative: Type.Integer() }),
});
export type OfficeLeadsResponse = Static<typeof OfficeLeadsResponse>;
