import { isDeepStrictEqual } from 'node:util';
import {
  MESSAGES,
  OFFICE_INVITATION_LIFETIME_MS,
  conflictError,
  forbiddenError,
  notFoundError,
  validationError,
  type OfficeDetails,
  type OfficeEvent,
  type OfficeRole,
  type OfficeTemplateField,
} from '@kartvizit/schemas';
import { isMemberOf, may, type Person } from '@kartvizit/schemas/access';
import {
  checkOfficeTemplate,
  cleanOfficeText,
  isOfficeRole,
  newOfficeDetails,
  normaliseSlug,
  officeNameProblem,
  officeSlugProblem,
  validateOfficeDetails,
  type OfficeDetailsInput,
} from '@kartvizit/schemas/office/rules';
import type { Decider } from '@kartvizit/infra/commands/decider';

/**
 * An office's life (issue 30, decision 61): created by its first Yönetici, its details and card template changed by
 * admins, people invited and joining, roles changed, members removed or leaving. Who the acting person is, with the
 * office they are in now, comes with every command (the owner hook read it); what the invitee's account is (which
 * office it is in) is looked up by the route. Every refusal to someone outside the office reads "not found".
 */
export interface OfficeInvitation {
  readonly invitationId: string;
  readonly email: string;
  readonly role: OfficeRole;
  readonly expiresAt: string;
  readonly status: 'pending' | 'accepted' | 'revoked';
}

export interface OpenOffice {
  readonly status: 'open';
  readonly officeId: string;
  readonly slug: string;
  readonly details: OfficeDetails;
  readonly logoUrl: string;
  readonly template: {
    readonly fields: readonly OfficeTemplateField[];
    readonly locked: readonly OfficeTemplateField[];
  };
  readonly members: ReadonlyMap<string, OfficeRole>;
  /** Every member must have two-step sign-in or a passkey (issue 34). */
  readonly requireSecondStep: boolean;
  readonly invitations: ReadonlyMap<string, OfficeInvitation>;
  /** The office's REMS key in force, plain only in memory ('' once the office's key is forgotten), or null. */
  readonly rems: { readonly apiKey: string; readonly keyHint: string } | null;
}

/** A deleted office: nothing can be done with it, and its id cannot be used again. */
export interface DeletedOffice {
  readonly status: 'deleted';
  readonly officeId: string;
}

export type OfficeState = { readonly status: 'none' } | OpenOffice | DeletedOffice;

export interface CreateOffice {
  readonly type: 'CreateOffice';
  readonly data: {
    readonly officeId: string;
    readonly person: Person;
    readonly name: string;
    readonly slug: string;
    readonly now: string;
  };
}

export interface ChangeOfficeDetails {
  readonly type: 'ChangeOfficeDetails';
  readonly data: { readonly person: Person; readonly details: OfficeDetailsInput; readonly now: string };
}

export interface ChangeOfficeTemplate {
  readonly type: 'ChangeOfficeTemplate';
  readonly data: {
    readonly person: Person;
    readonly fields: readonly unknown[];
    readonly locked: readonly unknown[];
    readonly now: string;
  };
}

/** From the office screen: an admin requires (or no longer requires) a second step of every member. */
export interface ChangeOfficeSecurity {
  readonly type: 'ChangeOfficeSecurity';
  readonly data: { readonly person: Person; readonly requireSecondStep: boolean; readonly now: string };
}

/** Where the invitee stands, as the route found it: no account yet, or an account in this office, another or none. */
export type Invitee = { readonly account: 'none' } | { readonly account: 'exists'; readonly officeId: string | null };

export interface InviteToOffice {
  readonly type: 'InviteToOffice';
  readonly data: {
    readonly person: Person;
    readonly invitationId: string;
    /** Normalised (lower-cased, checked) by the route. */
    readonly email: string;
    readonly role: string;
    readonly invitee: Invitee;
    readonly now: string;
  };
}

export interface RevokeInvitation {
  readonly type: 'RevokeInvitation';
  readonly data: { readonly person: Person; readonly invitationId: string; readonly now: string };
}

export interface AcceptInvitation {
  readonly type: 'AcceptInvitation';
  readonly data: {
    readonly person: Person;
    /** The signed-in account's address, to match the invitation's. */
    readonly personEmail: string;
    readonly invitationId: string;
    readonly now: string;
  };
}

export interface ChangeMemberRole {
  readonly type: 'ChangeMemberRole';
  readonly data: { readonly person: Person; readonly userId: string; readonly role: string; readonly now: string };
}

export interface RemoveMember {
  readonly type: 'RemoveMember';
  readonly data: { readonly person: Person; readonly userId: string; readonly now: string };
}

/**
 * The person leaves. `accountDeleted`: because they delete their account (issue 30). The office's last member goes and
 * the office is deleted with them; the last Yönetici of an office with others in it must first make one of them
 * Yönetici.
 */
export interface LeaveOffice {
  readonly type: 'LeaveOffice';
  readonly data: { readonly person: Person; readonly now: string; readonly accountDeleted?: boolean };
}

/** The route has checked and stored the image; '' removes the logo. */
export interface ChangeOfficeLogo {
  readonly type: 'ChangeOfficeLogo';
  readonly data: { readonly person: Person; readonly logoUrl: string; readonly now: string };
}

/** The route has checked the key's format and REMS's yes (`GET /api/v1/me`), as for a member's own key. */
export interface SaveOfficeRemsKey {
  readonly type: 'SaveOfficeRemsKey';
  readonly data: {
    readonly person: Person;
    readonly apiKey: string;
    readonly keyHint: string;
    readonly remsAccountName: string;
    readonly now: string;
  };
}

export interface RemoveOfficeRemsKey {
  readonly type: 'RemoveOfficeRemsKey';
  readonly data: { readonly person: Person; readonly now: string };
}

/** The last member, a Yönetici, deletes the office (they leave it in the same write). */
export interface DeleteOffice {
  readonly type: 'DeleteOffice';
  readonly data: { readonly person: Person; readonly now: string };
}

export type OfficeCommand =
  | DeleteOffice
  | SaveOfficeRemsKey
  | RemoveOfficeRemsKey
  | ChangeOfficeLogo
  | CreateOffice
  | ChangeOfficeDetails
  | ChangeOfficeTemplate
  | ChangeOfficeSecurity
  | InviteToOffice
  | RevokeInvitation
  | AcceptInvitation
  | ChangeMemberRole
  | RemoveMember
  | LeaveOffice;

/** The office, if the person is in it; "no such office" for everyone else (ids cannot be probed). */
function seenBy(state: OfficeState, person: Person): OpenOffice {
  if (state.status !== 'open' || !isMemberOf(person, state.officeId) || !state.members.has(person.id))
    throw notFoundError(MESSAGES.officeNotFound);
  return state;
}

/**
 * The office, if the person is one of its admins. A member who is not hears why; anyone else "no such office". Also
 * asked by routes before work that costs (an image decoded, REMS asked), so a refusal costs nothing.
 */
export function administeredBy(state: OfficeState, person: Person): OpenOffice {
  const office = seenBy(state, person);
  if (
    !may(person, 'administer', { ownerId: null, officeId: office.officeId }) ||
    office.members.get(person.id) !== 'admin'
  )
    throw forbidden();
  return office;
}

/** A member asking for an admin's work is told so (they know the office exists): 403, nothing appended. */
function forbidden() {
  return forbiddenError(MESSAGES.officeAdminOnly);
}

function admins(office: OpenOffice): number {
  return [...office.members.values()].filter((role) => role === 'admin').length;
}

function create(command: CreateOffice, state: OfficeState): OfficeEvent[] {
  const { officeId, person, now } = command.data;
  const name = cleanOfficeText(command.data.name);
  const slug = normaliseSlug(command.data.slug);
  const nameProblem = officeNameProblem(name);
  if (nameProblem) throw validationError(nameProblem.message, nameProblem.field);
  const slugProblem = officeSlugProblem(slug);
  if (slugProblem) throw validationError(slugProblem.message, slugProblem.field);
  if (person.office !== null) throw conflictError(MESSAGES.officeAlreadyMember);
  if (state.status !== 'none') throw conflictError(MESSAGES.conflict);
  return [
    { type: 'OfficeCreated', data: { officeId, name, slug, createdBy: person.id, createdAt: now } },
    { type: 'OfficeMemberJoined', data: { officeId, userId: person.id, role: 'admin', at: now } },
  ];
}

/** Field by field: the order the keys were written in (the rules' or the new office's) says nothing. */
/** Field by field, lists and the place included, whatever order the keys came in. */
function sameDetails(a: OfficeDetails, b: OfficeDetails): boolean {
  return isDeepStrictEqual(a, b);
}

function changeDetails(command: ChangeOfficeDetails, state: OfficeState): OfficeEvent[] {
  const office = administeredBy(state, command.data.person);
  const checked = validateOfficeDetails(command.data.details);
  if (!checked.ok) throw validationError(checked.message, checked.field);
  if (sameDetails(checked.details, office.details)) return [];
  return [
    {
      type: 'OfficeDetailsChanged',
      data: {
        officeId: office.officeId,
        details: checked.details,
        changedBy: command.data.person.id,
        at: command.data.now,
      },
    },
  ];
}

function changeLogo(command: ChangeOfficeLogo, state: OfficeState): OfficeEvent[] {
  const { person, logoUrl, now } = command.data;
  const office = administeredBy(state, person);
  if (logoUrl === office.logoUrl) return [];
  return [{ type: 'OfficeLogoChanged', data: { officeId: office.officeId, logoUrl, changedBy: person.id, at: now } }];
}

function changeTemplate(command: ChangeOfficeTemplate, state: OfficeState): OfficeEvent[] {
  const office = administeredBy(state, command.data.person);
  const checked = checkOfficeTemplate(command.data.fields, command.data.locked);
  if (!checked.ok) throw validationError(checked.message, checked.field);
  const same = (a: readonly string[], b: readonly string[]) => a.join() === b.join();
  if (same(checked.fields, office.template.fields) && same(checked.locked, office.template.locked)) return [];
  return [
    {
      type: 'OfficeTemplateChanged',
      data: {
        officeId: office.officeId,
        fields: checked.fields,
        locked: checked.locked,
        changedBy: command.data.person.id,
        at: command.data.now,
      },
    },
  ];
}

function changeSecurity(command: ChangeOfficeSecurity, state: OfficeState): OfficeEvent[] {
  const { person, requireSecondStep, now } = command.data;
  const office = administeredBy(state, person);
  if (office.requireSecondStep === requireSecondStep) return [];
  return [
    {
      type: 'OfficeSecurityChanged',
      data: { officeId: office.officeId, requireSecondStep, changedBy: person.id, at: now },
    },
  ];
}

function saveRemsKey(command: SaveOfficeRemsKey, state: OfficeState): OfficeEvent[] {
  const { person, apiKey, keyHint, remsAccountName, now } = command.data;
  const office = administeredBy(state, person);
  // The key in force saved again: nothing to record.
  if (office.rems?.apiKey === apiKey) return [];
  return [
    {
      type: 'OfficeRemsKeySaved',
      data: { officeId: office.officeId, apiKey, keyHint, remsAccountName, savedBy: person.id, at: now },
    },
  ];
}

function removeRemsKey(command: RemoveOfficeRemsKey, state: OfficeState): OfficeEvent[] {
  const { person, now } = command.data;
  const office = administeredBy(state, person);
  if (office.rems === null) throw notFoundError(MESSAGES.remsNoActiveIntegration);
  return [{ type: 'OfficeRemsKeyRemoved', data: { officeId: office.officeId, removedBy: person.id, at: now } }];
}

function isLive(invitation: OfficeInvitation, now: string): boolean {
  return invitation.status === 'pending' && invitation.expiresAt > now;
}

function invite(command: InviteToOffice, state: OfficeState): OfficeEvent[] {
  const { person, invitationId, email, role, invitee, now } = command.data;
  const office = administeredBy(state, person);
  if (!isOfficeRole(role)) throw validationError(MESSAGES.officeRoleInvalid, 'role');
  if (invitee.account === 'exists' && invitee.officeId === office.officeId)
    throw conflictError(MESSAGES.officeInvitationAlreadyMember, 'email');
  if (invitee.account === 'exists' && invitee.officeId !== null)
    throw conflictError(MESSAGES.officeInvitationElsewhere, 'email');
  if ([...office.invitations.values()].some((open) => open.email === email && isLive(open, now)))
    throw conflictError(MESSAGES.officeInvitationPending, 'email');
  const expiresAt = new Date(Date.parse(now) + OFFICE_INVITATION_LIFETIME_MS).toISOString();
  return [
    {
      type: 'OfficeInvitationSent',
      data: { officeId: office.officeId, invitationId, email, role, expiresAt, invitedBy: person.id, at: now },
    },
  ];
}

function revoke(command: RevokeInvitation, state: OfficeState): OfficeEvent[] {
  const { person, invitationId, now } = command.data;
  const office = administeredBy(state, person);
  const invitation = office.invitations.get(invitationId);
  if (!invitation || invitation.status !== 'pending') throw notFoundError(MESSAGES.officeInvitationNotFound);
  return [
    {
      type: 'OfficeInvitationRevoked',
      data: { officeId: office.officeId, invitationId, revokedBy: person.id, at: now },
    },
  ];
}

/** Anything wrong with the link itself (unknown, used, revoked, expired) reads the same: the link is no good. */
function accept(command: AcceptInvitation, state: OfficeState): OfficeEvent[] {
  const { person, personEmail, invitationId, now } = command.data;
  const invitation = state.status === 'open' ? state.invitations.get(invitationId) : undefined;
  if (state.status !== 'open' || !invitation || !isLive(invitation, now))
    throw notFoundError(MESSAGES.officeInvitationInvalid);
  if (invitation.email !== personEmail) throw conflictError(MESSAGES.officeInvitationWrongAccount);
  if (person.office !== null || state.members.has(person.id)) throw conflictError(MESSAGES.officeInviteeInOtherOffice);
  const { officeId } = state;
  return [
    { type: 'OfficeInvitationAccepted', data: { officeId, invitationId, userId: person.id, at: now } },
    { type: 'OfficeMemberJoined', data: { officeId, userId: person.id, role: invitation.role, at: now } },
  ];
}

function changeRole(command: ChangeMemberRole, state: OfficeState): OfficeEvent[] {
  const { person, userId, role, now } = command.data;
  const office = administeredBy(state, person);
  const current = office.members.get(userId);
  if (current === undefined) throw notFoundError(MESSAGES.officeMemberNotFound);
  if (!isOfficeRole(role)) throw validationError(MESSAGES.officeRoleInvalid, 'role');
  if (role === current) return [];
  if (current === 'admin' && admins(office) === 1) throw conflictError(MESSAGES.officeLastAdmin);
  return [
    {
      type: 'OfficeMemberRoleChanged',
      data: { officeId: office.officeId, userId, role, changedBy: person.id, at: now },
    },
  ];
}

function remove(command: RemoveMember, state: OfficeState): OfficeEvent[] {
  const { person, userId, now } = command.data;
  const office = administeredBy(state, person);
  const role = office.members.get(userId);
  if (role === undefined) throw notFoundError(MESSAGES.officeMemberNotFound);
  if (role === 'admin' && admins(office) === 1) throw conflictError(MESSAGES.officeLastAdmin);
  return [
    {
      type: 'OfficeMemberLeft',
      data: { officeId: office.officeId, userId, reason: 'removed', by: person.id, at: now },
    },
  ];
}

function leave(command: LeaveOffice, state: OfficeState): OfficeEvent[] {
  const { person, now, accountDeleted = false } = command.data;
  const office = seenBy(state, person);
  const alone = office.members.size === 1;
  // The office's last member deletes their account: the office goes with them (nobody would be left to hold its
  // leads, and an invitation still open would let someone into an office without a Yönetici).
  if (accountDeleted && alone) return deleteOffice({ type: 'DeleteOffice', data: { person, now } }, state);
  if (office.members.get(person.id) === 'admin' && admins(office) === 1) throw conflictError(MESSAGES.officeLastAdmin);
  return [
    {
      type: 'OfficeMemberLeft',
      data: { officeId: office.officeId, userId: person.id, reason: 'left', by: person.id, at: now },
    },
  ];
}

/**
 * Deleting the office: only its last member, a Yönetici, may (an office with members cannot be deleted: its admin
 * removes them first, so nobody loses a card or their leads without being told). They leave it in the same write.
 */
function deleteOffice(command: DeleteOffice, state: OfficeState): OfficeEvent[] {
  const { person, now } = command.data;
  const office = administeredBy(state, person);
  if (office.members.size > 1) throw conflictError(MESSAGES.officeHasMembers);
  const { officeId } = office;
  return [
    { type: 'OfficeMemberLeft', data: { officeId, userId: person.id, reason: 'left', by: person.id, at: now } },
    { type: 'OfficeDeleted', data: { officeId, deletedBy: person.id, at: now } },
  ];
}

function evolveOpen(state: OfficeState, change: (office: OpenOffice) => OpenOffice): OfficeState {
  return state.status === 'open' ? change(state) : state;
}

function withInvitation(office: OpenOffice, invitationId: string, status: OfficeInvitation['status']): OpenOffice {
  const invitation = office.invitations.get(invitationId);
  if (!invitation) return office;
  return { ...office, invitations: new Map(office.invitations).set(invitationId, { ...invitation, status }) };
}

export const officeDecider: Decider<OfficeState, OfficeCommand, OfficeEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'OfficeCreated':
        return {
          status: 'open',
          officeId: event.data.officeId,
          slug: event.data.slug,
          details: newOfficeDetails(event.data.name),
          logoUrl: '',
          template: { fields: [], locked: [] },
          members: new Map(),
          requireSecondStep: false,
          invitations: new Map(),
          rems: null,
        };
      case 'OfficeDetailsChanged':
        return evolveOpen(state, (office) => ({ ...office, details: event.data.details }));
      case 'OfficeLogoChanged':
        return evolveOpen(state, (office) => ({ ...office, logoUrl: event.data.logoUrl }));
      case 'OfficeTemplateChanged':
        return evolveOpen(state, (office) => ({
          ...office,
          template: { fields: event.data.fields, locked: event.data.locked },
        }));
      case 'OfficeSecurityChanged':
        return evolveOpen(state, (office) => ({ ...office, requireSecondStep: event.data.requireSecondStep }));
      case 'OfficeInvitationSent':
        return evolveOpen(state, (office) => ({
          ...office,
          invitations: new Map(office.invitations).set(event.data.invitationId, {
            invitationId: event.data.invitationId,
            email: event.data.email,
            role: event.data.role,
            expiresAt: event.data.expiresAt,
            status: 'pending',
          }),
        }));
      case 'OfficeInvitationRevoked':
        return evolveOpen(state, (office) => withInvitation(office, event.data.invitationId, 'revoked'));
      case 'OfficeInvitationAccepted':
        return evolveOpen(state, (office) => withInvitation(office, event.data.invitationId, 'accepted'));
      case 'OfficeMemberJoined':
      case 'OfficeMemberRoleChanged':
        return evolveOpen(state, (office) => ({
          ...office,
          members: new Map(office.members).set(event.data.userId, event.data.role),
        }));
      case 'OfficeMemberLeft':
        return evolveOpen(state, (office) => {
          const members = new Map(office.members);
          members.delete(event.data.userId);
          return { ...office, members };
        });
      case 'OfficeRemsKeySaved':
        return evolveOpen(state, (office) => ({
          ...office,
          rems: { apiKey: event.data.apiKey, keyHint: event.data.keyHint },
        }));
      case 'OfficeRemsKeyRemoved':
        return evolveOpen(state, (office) => ({ ...office, rems: null }));
      case 'OfficeDeleted':
        return { status: 'deleted', officeId: event.data.officeId };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'DeleteOffice':
        return deleteOffice(command, state);
      case 'SaveOfficeRemsKey':
        return saveRemsKey(command, state);
      case 'RemoveOfficeRemsKey':
        return removeRemsKey(command, state);
      case 'CreateOffice':
        return create(command, state);
      case 'ChangeOfficeDetails':
        return changeDetails(command, state);
      case 'ChangeOfficeTemplate':
        return changeTemplate(command, state);
      case 'ChangeOfficeSecurity':
        return changeSecurity(command, state);
      case 'ChangeOfficeLogo':
        return changeLogo(command, state);
      case 'InviteToOffice':
        return invite(command, state);
      case 'RevokeInvitation':
        return revoke(command, state);
      case 'AcceptInvitation':
        return accept(command, state);
      case 'ChangeMemberRole':
        return changeRole(command, state);
      case 'RemoveMember':
        return remove(command, state);
      case 'LeaveOffice':
        return leave(command, state);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};
