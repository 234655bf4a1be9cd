import { Type, type Static } from 'typebox';
import { CUSTOMER_LIMITS, REMS_API_KEY_MAX_LENGTH } from './rules.ts';
import { literalUnion, Position } from '../common/http.ts';
import { REMS_REGISTRATION_DISPLAY_STATUSES } from './model.ts';
import { PUBLIC_FORM_FIELDS } from '../lead/http.ts';

/**
 * The owner's REMS settings (SPEC §7 REMS, issue 14). The API key goes in once, in the save body,
 * and never comes back: every answer shows at most `keyHint`, its last 4 characters.
 */

/** `POST /api/rems/save-api-key`. The length only bounds the work; the Turkish rules are validation/rems.ts. */
export const SaveRemsKeyBody = Type.Object(
  { apiKey: Type.String({ maxLength: REMS_API_KEY_MAX_LENGTH * 2 }) },
  { additionalProperties: false },
);
export type SaveRemsKeyBody = Static<typeof SaveRemsKeyBody>;

/** The key's last 4 characters: all any answer shows of it. */
const KeyHint = Type.String({ maxLength: 4 });

export const SaveRemsKeyResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  keyHint: KeyHint,
  /** Absent when nothing changed (the same key saved again). */
  position: Type.Optional(Position),
});
export type SaveRemsKeyResponse = Static<typeof SaveRemsKeyResponse>;

/** `DELETE /api/rems/remove-api-key`. */
export const RemoveRemsKeyResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  position: Position,
});
export type RemoveRemsKeyResponse = Static<typeof RemoveRemsKeyResponse>;

/** `GET /api/rems/status`: the signed-in owner's integration; `keyHint` only while a key is active. */
export const RemsStatusResponse = Type.Object({
  success: Type.Literal(true),
  hasActiveKey: Type.Boolean(),
  keyHint: Type.Union([KeyHint, Type.Null()]),
});
export type RemsStatusResponse = Static<typeof RemsStatusResponse>;

/**
 * `GET /api/rems/check-integration/{userId}` (public): whether the card shows 'Görüşme Planla'.
 * An id that is malformed or nobody's answers false like an owner without a key.
 */
export const RemsIntegrationParams = Type.Object({ userId: Type.String() });
export type RemsIntegrationParams = Static<typeof RemsIntegrationParams>;

export const RemsIntegrationResponse = Type.Object({ success: Type.Literal(true), hasActiveKey: Type.Boolean() });
export type RemsIntegrationResponse = Static<typeof RemsIntegrationResponse>;

/** Text or null, as the form sends an optional field it left empty (SPEC: optional ones sent as null). */
const OptionalText = (maxLength: number, description?: string) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()], description ? { description } : {}));

/**
 * `POST /api/rems/create-customer` (public, no credential): the SPEC's customer registration payload,
 * plus what the public card's forms send to prove a person sent it (the lead form's single-use
 * `formToken`, bound to `cardId`, and the `website` honeypot) and the optional marketing consent.
 * `provinceName` and `districtName` are taken and ignored: the province id decides both names.
 * Lengths here only bound the work (4× the rule's); the Turkish rules are validation/rems.ts.
 */
export const CreateRemsCustomerBody = Type.Object(
  {
    cardOwnerId: Type.String({ maxLength: 64, description: "The card owner's id, as the card page knows it." }),
    cardId: Type.String({
      maxLength: 128,
      description: 'The card whose page the visitor is on (the form token is bound to it).',
    }),
    firstName: OptionalText(CUSTOMER_LIMITS.name * 4),
    lastName: OptionalText(CUSTOMER_LIMITS.name * 4),
    phoneNumber: OptionalText(CUSTOMER_LIMITS.phone * 4, 'Turkish number; spaces and +90/0 prefixes are taken.'),
    customerType: OptionalText(32, 'BUYER | SELLER | TENANT | LANDLORD'),
    email: OptionalText(CUSTOMER_LIMITS.email * 4),
    province: OptionalText(16, 'Plate code, e.g. "34".'),
    provinceName: OptionalText(200, 'Ignored: named from the province id.'),
    district: OptionalText(200),
    districtName: OptionalText(200, 'Ignored: the district itself is its name.'),
    address: OptionalText(CUSTOMER_LIMITS.address * 4),
    notes: OptionalText(CUSTOMER_LIMITS.notes * 4),
    productId: OptionalText(
      128,
      "The listing ('İlan') the visitor came from, when the form was opened from a listing page: an active listing " +
        "of the card's owner (a UUID). Empty or absent: the card itself.",
    ),
    ...PUBLIC_FORM_FIELDS,
  },
  { additionalProperties: false },
);
export type CreateRemsCustomerBody = Static<typeof CreateRemsCustomerBody>;

/**
 * The same thanks whether the registration was stored or silently dropped (honeypot, a form sent
 * faster than a person can), and whether REMS is up or not: delivery happens afterwards.
 */
export const CreateRemsCustomerResponse = Type.Object({ success: Type.Literal(true), message: Type.String() });
export type CreateRemsCustomerResponse = Static<typeof CreateRemsCustomerResponse>;

/**
 * One of 'Son Kayıtlar' (SPEC §3 REMS stats: customerName, customerPhone, status 'success' or other, createdAt), and
 * what the screen needs beyond the spec: the id, why a failed one failed, and whether 'Tekrar Dene' may send it again.
 */
export const RemsRecentIntegration = Type.Object({
  registrationId: Type.String(),
  customerName: Type.String(),
  /** The 10 national digits, as REMS received them ('5321234567'). */
  customerPhone: Type.String(),
  /** For display: '0532 123 45 67'. */
  customerPhoneFormatted: Type.String(),
  status: literalUnion(REMS_REGISTRATION_DISPLAY_STATUSES),
  /** ISO 8601: when the visitor sent the form. */
  createdAt: Type.String(),
  /** For a failed one: 'rejected' | 'key_refused' | 'key_removed' | 'gave_up'; otherwise null. */
  failureReason: Type.Union([Type.String(), Type.Null()]),
  /** For a failed one: the reason in Turkish, with REMS's own words for a rejected one; otherwise null. */
  failureMessage: Type.Union([Type.String(), Type.Null()]),
  /** A failed one the owner may send again now: they have a key in force. */
  canRetry: Type.Boolean(),
});
export type RemsRecentIntegration = Static<typeof RemsRecentIntegration>;

/** `GET /api/rems/stats` for the signed-in owner. */
export const RemsStatsResponse = Type.Object({
  success: Type.Literal(true),
  /** Registrations REMS took. */
  totalCustomers: Type.Integer(),
  failedRegistrations: Type.Integer(),
  /** Waiting for REMS (new, or sent again). */
  pendingRegistrations: Type.Integer(),
  /** Failed for want of a working key ('key_removed', 'key_refused'): what saving a key again offers to send again. */
  keyFailures: Type.Integer(),
  /** The 5 newest, newest first. */
  recentIntegrations: Type.Array(RemsRecentIntegration),
});
export type RemsStatsResponse = Static<typeof RemsStatsResponse>;

/** `POST /api/rems/registrations/{registrationId}/retry`. */
export const RemsRegistrationParams = Type.Object({ registrationId: Type.String({ maxLength: 64 }) });
export type RemsRegistrationParams = Static<typeof RemsRegistrationParams>;

export const RetryRemsRegistrationResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  position: Position,
});
export type RetryRemsRegistrationResponse = Static<typeof RetryRemsRegistrationResponse>;

/** `POST /api/rems/registrations/retry-key-failures`: every registration that failed for want of a working key. */
export const RetryRemsKeyFailuresResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  retried: Type.Integer(),
  /** Absent when nothing was sent again. */
  position: Type.Optional(Position),
});
export type RetryRemsKeyFailuresResponse = Static<typeof RetryRemsKeyFailuresResponse>;
