import type { CardColor, CardType } from '@kartvizit/schemas/card/model';
import type { CardHistoryType } from '@kartvizit/schemas/card/http';
import type { Profile } from '@kartvizit/schemas/profile/http';
import type { ProductData } from '@kartvizit/schemas/product/events';
import type { AuthorisationState } from '@kartvizit/schemas/product/listing-authorisation';
import type { OfficeDetails } from '@kartvizit/schemas/office/events';
import type { OfficeRole, OfficeTemplateField } from '@kartvizit/schemas/office/model';
import type { OFFICE_HISTORY_TYPES } from '@kartvizit/schemas/office/http';

/**
 * The read models more than one service reads: command-api's visit counter and query-api's public and owner routes
 * read the cards and profiles the projector writes (projector/src/card/cards-projection.ts,
 * projector/src/profile/profiles-projection.ts). Their view names, their rows as `pg` returns them, and the rules
 * "a card is shown" and "a QR is drawn" are written here once; services import them instead of typing the SQL again.
 * tests/projector/read-model-contract.int.spec.ts fails when the projector's columns and these rows part ways.
 */

/** Projection names: the checkpoint rows' keys, and what a route lists in `config.projections` to read its writes. */
export const CARDS_PROJECTION = 'cards';
export const PROFILES_PROJECTION = 'profiles';
export const PRODUCTS_PROJECTION = 'products';
/** Whether each owner has a REMS key in force (issue 14): the owner's settings and the public card's REMS block. */
export const REMS_KEYS_PROJECTION = 'rems_keys';

/** Everything a public card answer is made of: the card's state and its owner's profile. */
export const SHOWN_CARD_PROJECTIONS = [CARDS_PROJECTION, PROFILES_PROJECTION] as const;

/** The views queries read; the projector points them at the live generation (`rm_cards` → `rm_cards_g3`). */
export const RM_CARDS = 'rm_cards';
export const RM_CARD_HISTORY = 'rm_card_history';
export const RM_PROFILES = 'rm_profiles';
export const RM_PRODUCTS = 'rm_products';
export const RM_REMS_KEYS = 'rm_rems_keys';
/** 'Paylaşım Araçları' (issue 32): each owner's QR look, and the personal addresses `/k/{slug}`. */
export const SHARE_SETTINGS_PROJECTION = 'share_settings';
export const RM_SHARE_SETTINGS = 'rm_share_settings';
export const RM_PERSONAL_ADDRESSES = 'rm_personal_addresses';
/** /account's 'Güvenlik' (issue 34): sessions, passkeys and two-step sign-in, never a secret. */
export const ACCOUNT_SECURITY_PROJECTION = 'account_security';
export const RM_SECURITY_SESSIONS = 'rm_security_sessions';
export const RM_SECURITY_PASSKEYS = 'rm_security_passkeys';
export const RM_SECURITY_TWO_FACTOR = 'rm_security_two_factor';
/** Personal API tokens (issue 35): name, scopes, expiry, revocation; never the token nor its hash. */
export const API_TOKENS_PROJECTION = 'api_tokens';
export const RM_API_TOKENS = 'rm_api_tokens';
/**
 * Apple Wallet's pass web service (issue 32): which devices registered which pass (projector/src/wallet/
 * apple-pass-registrations-projection.ts), read by the web service's queries and the push reactor.
 */
export const APPLE_PASS_REGISTRATIONS_PROJECTION = 'apple_pass_registrations';
export const RM_APPLE_PASS_REGISTRATIONS = 'rm_apple_pass_registrations';

/**
 * A row of `rm_apple_pass_registrations`, one per device and pass ever registered; `active` false once unregistered
 * (its push token then ''). `device_key` is the keyed hash of Wallet's device library identifier, never the identifier.
 */
export interface ApplePassRegistrationsRow {
  readonly device_key: string;
  readonly card_id: string;
  /** Who held the card when the device registered. */
  readonly owner_id: string;
  /** Opened from the sealed event: the APNs device token. */
  readonly push_token: string;
  readonly active: boolean;
  readonly registered_at: Date | null;
  /** The registration event's place in the log (a Checkpoint); null once unregistered. */
  readonly registered_position: string | null;
  readonly last_stream_position: string;
}

/** Core Web Vitals of sampled page loads (issue 17), one row per metric of a load: read by infra/src/read-models/web-vitals.ts. */
export const WEB_VITALS_PROJECTION = 'web_vitals';
export const RM_WEB_VITALS = 'rm_web_vitals';

/** Everything a public product answer is made of: the product, and whether its owner has a shown card. */
export const SHOWN_PRODUCT_PROJECTIONS = [PRODUCTS_PROJECTION, CARDS_PROJECTION, PROFILES_PROJECTION] as const;

/** A row of `rm_cards`. Nulls are what no event has said yet (a provisioned card has no owner, name or activation). */
export interface CardsRow {
  readonly card_id: string;
  /** Set by the first event of every card (provisioned, or a virtual card created). */
  readonly type: CardType;
  readonly color: CardColor;
  readonly owner_id: string | null;
  readonly name: string | null;
  readonly batch_id: string | null;
  readonly is_activated: boolean | null;
  readonly is_active: boolean | null;
  readonly activated_at: Date | null;
  readonly qr_version: number | null;
  readonly created_at: Date | null;
  /** When the card entered its owner's list: creation of a virtual card, activation of a physical one. */
  readonly owned_at: Date | null;
  /** The office the card belongs to (issue 30); null: a person's own card. */
  readonly office_id: string | null;
  /** When the office last gave it to a member or took it back; null: never. */
  readonly handed_at: Date | null;
  /** bigint: `pg` answers it as text. */
  readonly last_stream_position: string;
}

/** A row of `rm_card_history`: one per status change, in stream order. */
export interface CardHistoryRow {
  readonly card_id: string;
  readonly stream_position: string;
  readonly type: CardHistoryType;
  readonly at: Date;
}

/**
 * `rm_profiles.data`: the profile as GET /api/profile/me answers it. A row written before version 2 has no
 * `searchable` (until the rebuild replaces it); a forgotten owner's personal fields read ''.
 */
export type StoredProfile = Omit<Profile, 'searchable'> & { readonly searchable?: boolean };

/** A row of `rm_profiles`, one per owner. */
export interface ProfilesRow {
  readonly owner_id: string;
  readonly profile_id: string;
  readonly data: StoredProfile;
  /** `data.searchable` as a column, for the sitemap's index. */
  readonly searchable: boolean;
  readonly created_at: Date;
  readonly updated_at: Date;
  /** The owner's key is gone (KVKK erasure): the profile replayed empty and nothing of the owner is shown. */
  readonly forgotten: boolean;
  readonly last_stream_position: string;
}

// The one place that says what "the owner was forgotten" is, over the owner's profile row `p`.
const OWNER_FORGOTTEN = 'p.forgotten';

/**
 * "This card is shown": activated, not deactivated, and its owner has a profile and has not been forgotten. The card
 * page, the sitemap, the public profile JSON, the contact file and the visit counter all read through this clause,
 * so a card is listed, shown, downloadable and counted exactly together; anything else answers as an unknown card.
 *
 * A `FROM … WHERE …` clause: `c` is the card (rm_cards), `p` its owner's profile (rm_profiles). Callers add their
 * own conditions with `AND`.
 */
export const SHOWN_CARDS = `FROM ${RM_CARDS} c
         JOIN ${RM_PROFILES} p ON p.owner_id = c.owner_id
        WHERE c.is_activated AND c.is_active AND NOT ${OWNER_FORGOTTEN}`;

/**
 * "This card's QR image is drawn": every known card, activated or not (a physical card's code is printed before it
 * is sold), except the cards of a forgotten owner, which answer like unknown ones.
 *
 * A `FROM … WHERE …` clause: `c` is the card (rm_cards), `p` its owner's profile if there is one.
 */
export const QR_CARDS = `FROM ${RM_CARDS} c
         LEFT JOIN ${RM_PROFILES} p ON p.owner_id = c.owner_id
        WHERE (${OWNER_FORGOTTEN}) IS NOT TRUE`;

/**
 * "A visitor may reach this profile" (a click on the card page names the profile, not the card): its owner has not
 * been forgotten. A `FROM … WHERE …` clause: `p` is the profile (rm_profiles).
 */
export const REACHABLE_PROFILES = `FROM ${RM_PROFILES} p
        WHERE NOT ${OWNER_FORGOTTEN}`;

/**
 * A row of `rm_products` (projector/src/product/products-projection.ts), one per product ever created. Nulls are what
 * no event has said yet; a deleted product keeps its row with `deleted` set and `data` cleared.
 */
export interface ProductsRow {
  readonly product_id: string;
  readonly owner_id: string;
  /** The product's content; null once deleted. A forgotten owner's content reads empty. */
  readonly data: ProductData | null;
  readonly is_active: boolean | null;
  readonly featured: boolean | null;
  /** Zero-based place in the owner's list. */
  readonly sort_order: number | null;
  readonly created_at: Date | null;
  readonly updated_at: Date | null;
  readonly deleted: boolean;
  /** A listing's EİDS authorisation (issue 33) as listing-authorisation.ts keeps it; null for none. */
  readonly authorisation: AuthorisationState | null;
  /** The authorisation ended: the listing is off the card (SHOWN_PRODUCTS) until a renewed one is entered. */
  readonly authorisation_ended: boolean;
  /** When the listing-authorisations schedule looks at it next; null when nothing is to come. */
  readonly authorisation_deadline: Date | null;
  readonly last_stream_position: string;
}

/**
 * "This product is shown" to visitors: not deleted, active, not a listing whose EİDS authorisation ended, and its owner has at least one shown card (SHOWN_CARDS's
 * rule, owner not forgotten included). The public product list and the product page read through this clause, so an
 * inactive product and any product of an owner without a shown card answer exactly like an unknown one.
 *
 * A `FROM … WHERE …` clause: `pr` is the product (rm_products). Callers add their own conditions with `AND`.
 */
export const SHOWN_PRODUCTS = `FROM ${RM_PRODUCTS} pr
        WHERE NOT pr.deleted AND pr.is_active IS TRUE AND pr.data IS NOT NULL AND NOT pr.authorisation_ended
          AND EXISTS (SELECT 1 ${SHOWN_CARDS} AND c.owner_id = pr.owner_id)`;

/** A row of `rm_rems_keys`, one per owner who ever saved a REMS key. Never the key: only its last 4 characters. */
export interface RemsKeysRow {
  readonly owner_id: string;
  readonly active: boolean;
  /** Null once the key was removed. */
  readonly key_hint: string | null;
  readonly saved_at: Date | null;
  readonly removed_at: Date | null;
  readonly last_stream_position: string;
}

/** The visitors' REMS registrations of each owner (issue 14): the counters and 'Son Kayıtlar' of /rems-integration. */
export const REMS_REGISTRATIONS_PROJECTION = 'rems_registrations';
export const RM_REMS_REGISTRATIONS = 'rm_rems_registrations';

/** Where a registration stands: waiting for REMS (new, or sent again), taken by REMS, or failed (last outcome wins). */
export type RemsRegistrationStatus = 'pending' | 'delivered' | 'failed';

/**
 * A row of `rm_rems_registrations`, one per registration whose visitor is still known: a registration whose lead was
 * deleted (its key forgotten), or whose owner deleted their account, has no row.
 */
export interface RemsRegistrationsRow {
  readonly registration_id: string;
  readonly owner_id: string;
  readonly card_id: string;
  /** Decrypted from the sealed event: the visitor's first and last name, as the form normalised them. */
  readonly customer_name: string;
  /** The 10 national digits ('5321234567'). */
  readonly customer_phone: string;
  readonly customer_type: string;
  /**
   * The listing ('İlan', a product of kind 'listing' in `rm_products`) the visitor came from (issue 33); null when the
   * form was opened on the card itself, and for registrations made before listings.
   */
  readonly product_id: string | null;
  readonly status: RemsRegistrationStatus;
  /** A RemsFailureReason while failed; otherwise null. */
  readonly failure_reason: string | null;
  /** REMS's own (cleaned) words for a 'rejected' one; otherwise null. */
  readonly rems_message: string | null;
  readonly created_at: Date;
  /** When the last outcome (delivered, failed, or sent again) was recorded; null while the first try is pending. */
  readonly status_changed_at: Date | null;
  readonly last_stream_position: string;
}

/** The owner's meetings (issue 15): 'Toplantılar' (`GET /api/meetings`) and the owner's KVKK copy. */
export const MEETINGS_PROJECTION = 'meetings';
export const RM_MEETINGS = 'rm_meetings';

/** A row of `rm_meetings`, one per MeetingScheduled of an owner whose account is not deleted. Never a token. */
export interface MeetingsRow {
  readonly meeting_id: string;
  readonly owner_id: string;
  /** 'google' | 'microsoft' | 'zoom' | 'calendly' | 'ics'. */
  readonly provider: string;
  readonly title: string;
  /** Null for a Calendly link. */
  readonly start_time: Date | null;
  readonly end_time: Date | null;
  /** The provider's page of it; null for an .ics. */
  readonly link: string | null;
  /** The provider's id of it; null for Calendly and .ics. */
  readonly external_id: string | null;
  /** Decrypted from the sealed event: the attendees' e-mail addresses. */
  readonly attendees: readonly string[];
  readonly scheduled_at: Date;
  readonly last_stream_position: string;
}

/**
 * Offices (issue 30, decision 61), written by projector/src/office/offices-projection.ts: the office screens read them,
 * the card page (the office's template values) and the team statistics (who is in which office) read rm_offices and
 * rm_office_members.
 */
export const OFFICES_PROJECTION = 'offices';
export const RM_OFFICES = 'rm_offices';
export const RM_OFFICE_MEMBERS = 'rm_office_members';
export const RM_OFFICE_MEMBER_CARDS = 'rm_office_member_cards';
export const RM_OFFICE_INVITATIONS = 'rm_office_invitations';
export const RM_OFFICE_HISTORY = 'rm_office_history';

/** A row of `rm_offices`, one per office created. A forgotten office (its key destroyed) reads its name and details ''. */
export interface OfficesRow {
  readonly office_id: string;
  readonly slug: string;
  readonly details: OfficeDetails;
  /** '' without a logo. */
  readonly logo_url: string;
  readonly template: {
    readonly fields: readonly OfficeTemplateField[];
    readonly locked: readonly OfficeTemplateField[];
  };
  readonly created_at: Date;
  readonly updated_at: Date;
  /** Every member must have two-step sign-in or a passkey (null: never set, which is no). */
  readonly require_second_step: boolean | null;
  /**
   * The office's REMS link (null: never linked): while `active`, every office card's 'Görüşme Planla' reaches the
   * office's REMS. Never the key: its last 4 characters.
   */
  readonly rems: OfficeRemsColumn | null;
  readonly last_stream_position: string;
}

export type OfficeRemsColumn =
  | { readonly active: true; readonly keyHint: string; readonly savedAt: string }
  | { readonly active: false; readonly removedAt: string };

/**
 * A row of `rm_office_members`, one per person who was ever in the office and whose account is not erased. A member
 * now: `left_at` is null ("AND left_at IS NULL" in every query of the current members).
 */
export interface OfficeMembersRow {
  readonly office_id: string;
  readonly user_id: string;
  readonly role: OfficeRole;
  readonly joined_at: Date;
  readonly left_at: Date | null;
  readonly last_stream_position: string;
}

/** A row of `rm_office_member_cards`: an office card a person holds (`held`) or held, from their membership stream. */
export interface OfficeMemberCardsRow {
  readonly user_id: string;
  readonly card_id: string;
  readonly office_id: string;
  readonly held: boolean;
  readonly last_stream_position: string;
}

/** What the invitation's events say; 'expired' is read from `expires_at` when shown. */
export type OfficeInvitationStoredStatus = 'pending' | 'accepted' | 'revoked';

/** A row of `rm_office_invitations`. `email` is opened from the sealed event ('' once the office is forgotten). */
export interface OfficeInvitationsRow {
  readonly invitation_id: string;
  readonly office_id: string;
  readonly email: string;
  readonly role: OfficeRole;
  readonly status: OfficeInvitationStoredStatus;
  readonly expires_at: Date;
  readonly created_at: Date;
  /** Null once the inviter's account is erased. */
  readonly invited_by: string | null;
  readonly last_stream_position: string;
}

export type OfficeHistoryType = (typeof OFFICE_HISTORY_TYPES)[number];

/**
 * A row of `rm_office_history` ('Ofis Geçmişi'), one per change in the office's stream order. `actor_id` did it,
 * `subject_id` is whom it was about (a member, or an invitation for 'invited' and 'invitation-revoked'); either is
 * null once that account is erased.
 */
export interface OfficeHistoryRow {
  readonly office_id: string;
  readonly stream_position: string;
  readonly type: OfficeHistoryType;
  readonly at: Date;
  readonly actor_id: string | null;
  readonly subject_id: string | null;
  readonly role: OfficeRole | null;
}

/** A row of `rm_share_settings`, one per owner who chose a QR look; none: DEFAULT_QR_STYLE, version 0. */
export interface ShareSettingsRow {
  readonly owner_id: string;
  readonly qr_foreground: string;
  readonly qr_background: string;
  readonly qr_logo: 'none' | 'profile' | 'office';
  /** When the look was chosen, in ms (bigint: `pg` answers it as text): the branded images' `?s=`. */
  readonly qr_version: string;
  readonly last_stream_position: string;
}

/**
 * A row of `rm_personal_addresses`, one per owner and address they ever chose: `redirects_until` null while it is their
 * address, the end of its 30 days once they left it. An address is someone's while a row says so (null, or still ahead).
 */
export interface PersonalAddressRow {
  readonly owner_id: string;
  readonly slug: string;
  readonly card_id: string;
  readonly redirects_until: Date | null;
  readonly last_stream_position: string;
}

/**
 * Webhooks (issue 35): each owner's endpoints and their delivery log. The delivery reactor reads `failing_since` to
 * pause an endpoint after three days of failures; query-api serves both tables.
 */
export const WEBHOOKS_PROJECTION = 'webhooks';
export const RM_WEBHOOK_ENDPOINTS = 'rm_webhook_endpoints';
export const RM_WEBHOOK_DELIVERIES = 'rm_webhook_deliveries';
