import type { EventRegistry } from '../common/event-type-info.ts';
import type { ProfileBankAccount, ProfilePaymentMethod } from '../profile/events.ts';
import type { OfficeRole, OfficeTemplateField } from './model.ts';

/**
 * Offices (issue 30, decision 61). Two kinds of stream:
 * - `office-{officeId}`: the office itself, its details, template, invitations and members (who, in which role).
 * - `office-member-{userId}`: one person's side of it: which office they are in, in which role, and which of the
 *   office's cards they hold. An account belongs to at most one office: joining appends to this stream at the version
 *   read, in the same write as the office's event, so two offices cannot both take a person. The owner hook reads it
 *   on every owner request, so a removed member loses the office at the next request.
 * What a person typed (the office's name and details, an invitee's address) is sealed under the office's key.
 */

/** What an admin writes about the office ('Ofis Bilgileri'); every field may be ''. */
export interface OfficeDetails {
  readonly name: string;
  readonly company: string;
  readonly address: string;
  readonly location: { readonly lat: number; readonly lng: number } | null;
  readonly phone: string;
  readonly email: string;
  readonly website: string;
  readonly taxOffice: string;
  /** VKN (10 digits) or ''. */
  readonly taxNumber: string;
  /** Taşınmaz Ticareti Yetki Belgesi number. */
  readonly licenceNumber: string;
  /** Brand colours, `#rrggbb` or ''. */
  readonly primaryColor: string;
  readonly secondaryColor: string;
  /** The card theme office cards use when the template gives it ('' none), as a profile's. */
  readonly theme: string;
  /** The office's bank accounts and payment methods, shaped and checked as a profile's. */
  readonly bankAccounts: readonly ProfileBankAccount[];
  readonly paymentMethods: readonly ProfilePaymentMethod[];
}

export interface OfficeCreated {
  readonly type: 'OfficeCreated';
  readonly data: {
    readonly officeId: string;
    readonly name: string;
    readonly slug: string;
    /** The creator, its first Yönetici (an OfficeMemberJoined follows in the same write). */
    readonly createdBy: string;
    readonly createdAt: string;
  };
}

export interface OfficeDetailsChanged {
  readonly type: 'OfficeDetailsChanged';
  readonly data: {
    readonly officeId: string;
    readonly details: OfficeDetails;
    readonly changedBy: string;
    readonly at: string;
  };
}

/** The office's logo changed ('' removed): a URL of the stored image, like the profile's. */
export interface OfficeLogoChanged {
  readonly type: 'OfficeLogoChanged';
  readonly data: {
    readonly officeId: string;
    readonly logoUrl: string;
    readonly changedBy: string;
    readonly at: string;
  };
}

/** Which card fields come from the office, and which of those members cannot change. */
export interface OfficeTemplateChanged {
  readonly type: 'OfficeTemplateChanged';
  readonly data: {
    readonly officeId: string;
    readonly fields: readonly OfficeTemplateField[];
    readonly locked: readonly OfficeTemplateField[];
    readonly changedBy: string;
    readonly at: string;
  };
}

/**
 * Whether every member must have two-step sign-in or a passkey (issue 34). A member without either is led to set one
 * up before anything else (`mustSetUpSecondStep`).
 */
export interface OfficeSecurityChanged {
  readonly type: 'OfficeSecurityChanged';
  readonly data: {
    readonly officeId: string;
    readonly requireSecondStep: boolean;
    readonly changedBy: string;
    readonly at: string;
  };
}

export interface OfficeInvitationSent {
  readonly type: 'OfficeInvitationSent';
  readonly data: {
    readonly officeId: string;
    readonly invitationId: string;
    /** Lower-cased address the invitation went to. */
    readonly email: string;
    readonly role: OfficeRole;
    readonly expiresAt: string;
    readonly invitedBy: string;
    readonly at: string;
  };
}

export interface OfficeInvitationRevoked {
  readonly type: 'OfficeInvitationRevoked';
  readonly data: {
    readonly officeId: string;
    readonly invitationId: string;
    readonly revokedBy: string;
    readonly at: string;
  };
}

export interface OfficeInvitationAccepted {
  readonly type: 'OfficeInvitationAccepted';
  readonly data: {
    readonly officeId: string;
    readonly invitationId: string;
    readonly userId: string;
    readonly at: string;
  };
}

export interface OfficeMemberJoined {
  readonly type: 'OfficeMemberJoined';
  readonly data: { readonly officeId: string; readonly userId: string; readonly role: OfficeRole; readonly at: string };
}

export interface OfficeMemberRoleChanged {
  readonly type: 'OfficeMemberRoleChanged';
  readonly data: {
    readonly officeId: string;
    readonly userId: string;
    readonly role: OfficeRole;
    readonly changedBy: string;
    readonly at: string;
  };
}

/** A member left ('left', by themselves) or was removed by an admin ('removed'); their office cards went back first. */
export interface OfficeMemberLeft {
  readonly type: 'OfficeMemberLeft';
  readonly data: {
    readonly officeId: string;
    readonly userId: string;
    readonly reason: 'left' | 'removed';
    readonly by: string;
    readonly at: string;
  };
}

/**
 * The office linked its REMS (issue 30): one key for every office card. While it is in force, a visitor's 'Görüşme
 * Planla' on any of the office's cards reaches the office's REMS; without it, each member's own key serves the office
 * cards they hold (decision 61). Sealed like a member's key (RemsKeySaved), under the office's key: only `keyHint`
 * stays readable.
 */
export interface OfficeRemsKeySaved {
  readonly type: 'OfficeRemsKeySaved';
  readonly data: {
    readonly officeId: string;
    /** Sealed. Starts with `rems_`; REMS accepted it (`GET /api/v1/me`) before it was saved. */
    readonly apiKey: string;
    readonly keyHint: string;
    /** Sealed. The REMS account the key belongs to, as REMS named it. */
    readonly remsAccountName: string;
    readonly savedBy: string;
    readonly at: string;
  };
}

/** The office's REMS key removed: its cards fall back to their holders' own keys. */
export interface OfficeRemsKeyRemoved {
  readonly type: 'OfficeRemsKeyRemoved';
  readonly data: { readonly officeId: string; readonly removedBy: string; readonly at: string };
}

/**
 * The office is deleted by its last member, a Yönetici (an office with other members cannot be): in the same write
 * they leave it (OfficeMemberLeft, their office cards back, their membership ended). Its address `/o/{slug}` stays
 * claimed, so an old link or a printed brochure never opens another office; the office-erasure reactor destroys its
 * key and its leads' keys and records OfficeErased.
 */
export interface OfficeDeleted {
  readonly type: 'OfficeDeleted';
  readonly data: { readonly officeId: string; readonly deletedBy: string; readonly at: string };
}

export type OfficeEvent =
  | OfficeDeleted
  | OfficeCreated
  | OfficeDetailsChanged
  | OfficeLogoChanged
  | OfficeTemplateChanged
  | OfficeSecurityChanged
  | OfficeInvitationSent
  | OfficeInvitationRevoked
  | OfficeInvitationAccepted
  | OfficeMemberJoined
  | OfficeMemberRoleChanged
  | OfficeMemberLeft
  | OfficeRemsKeySaved
  | OfficeRemsKeyRemoved;

/** The person joined an office (created it, or accepted an invitation). */
export interface MembershipStarted {
  readonly type: 'MembershipStarted';
  readonly data: { readonly userId: string; readonly officeId: string; readonly role: OfficeRole; readonly at: string };
}

export interface MembershipRoleChanged {
  readonly type: 'MembershipRoleChanged';
  readonly data: { readonly userId: string; readonly officeId: string; readonly role: OfficeRole; readonly at: string };
}

/** The person holds one of the office's cards now (assigned, or activated or created while in the office). */
export interface MembershipCardTaken {
  readonly type: 'MembershipCardTaken';
  readonly data: { readonly userId: string; readonly officeId: string; readonly cardId: string; readonly at: string };
}

/** The card went back to the office's pool. */
export interface MembershipCardGiven {
  readonly type: 'MembershipCardGiven';
  readonly data: { readonly userId: string; readonly officeId: string; readonly cardId: string; readonly at: string };
}

export interface MembershipEnded {
  readonly type: 'MembershipEnded';
  readonly data: { readonly userId: string; readonly officeId: string; readonly at: string };
}

export type MembershipEvent =
  MembershipStarted | MembershipRoleChanged | MembershipCardTaken | MembershipCardGiven | MembershipEnded;

export function officeStreamId(officeId: string): string {
  return `office-${officeId}`;
}

export function membershipStreamId(userId: string): string {
  return `office-member-${userId}`;
}

/** Claim kind of an office's address (`/o/{slug}`), see `claimStreamId`. */
export const OFFICE_SLUG_CLAIM = 'office-slug';

/** The address `/o/{slug}` is this office's: appended 'no stream' in the same write as OfficeCreated. */
export interface OfficeSlugClaimed {
  readonly type: 'OfficeSlugClaimed';
  readonly data: { readonly officeId: string; readonly claimedAt: string };
}

/**
 * The office-erasure reactor finished what an OfficeDeleted asks for: the office's key and the keys of every lead left
 * on its cards destroyed, its logo files removed. Counts only; stream `erasure-office-{officeId}`.
 */
export interface OfficeErased {
  readonly type: 'OfficeErased';
  readonly data: { readonly officeId: string; readonly leadsForgotten: number; readonly erasedAt: string };
}

export function officeErasureStreamId(officeId: string): string {
  return `erasure-office-${officeId}`;
}

export const OFFICE_EVENT_TYPES: EventRegistry<OfficeEvent | MembershipEvent | OfficeSlugClaimed | OfficeErased> = {
  OfficeSlugClaimed: { schemaVersion: 1 },
  OfficeDeleted: { schemaVersion: 1 },
  OfficeErased: { schemaVersion: 1 },
  OfficeCreated: { schemaVersion: 1, ownerField: 'officeId', personalFields: ['name'] },
  OfficeDetailsChanged: { schemaVersion: 1, ownerField: 'officeId', personalFields: ['details'] },
  OfficeLogoChanged: { schemaVersion: 1 },
  OfficeTemplateChanged: { schemaVersion: 1 },
  OfficeSecurityChanged: { schemaVersion: 1 },
  OfficeInvitationSent: { schemaVersion: 1, ownerField: 'officeId', personalFields: ['email'] },
  OfficeInvitationRevoked: { schemaVersion: 1 },
  OfficeInvitationAccepted: { schemaVersion: 1 },
  OfficeMemberJoined: { schemaVersion: 1 },
  OfficeMemberRoleChanged: { schemaVersion: 1 },
  OfficeMemberLeft: { schemaVersion: 1 },
  OfficeRemsKeySaved: { schemaVersion: 1, ownerField: 'officeId', personalFields: ['apiKey', 'remsAccountName'] },
  OfficeRemsKeyRemoved: { schemaVersion: 1 },
  MembershipStarted: { schemaVersion: 1 },
  MembershipRoleChanged: { schemaVersion: 1 },
  MembershipCardTaken: { schemaVersion: 1 },
  MembershipCardGiven: { schemaVersion: 1 },
  MembershipEnded: { schemaVersion: 1 },
};
