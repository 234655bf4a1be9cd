/**
 * Who may act on what: the one place that answers it (decision 59, offices in decision 61). Pure, so deciders, routes
 * and queries all ask it the same question. A refusal is answered as "not found" by the callers, never "forbidden",
 * so ids cannot be probed.
 */
import type { OfficeRole } from './office/model.ts';
import type { ApiTokenScope } from './account/token-rules.ts';

/** The office a person is in now, read at every request (a removed member has none at their next request). */
export interface PersonOffice {
  readonly officeId: string;
  readonly role: OfficeRole;
  /** The office asks every member for two-step sign-in or a passkey (issue 34). */
  readonly requiresSecondStep?: boolean;
}

/** The signed-in person, as the owner hook puts them on the request. */
export interface Person {
  readonly id: string;
  /** The office the person is in, or null. */
  readonly office: PersonOffice | null;
  /** The session the request came with (absent where no session is involved: a command a reactor issues). */
  readonly sessionId?: string;
  /** The person's account has two-step sign-in on or a passkey. */
  readonly secondStep?: boolean;
  /** The request came with a personal API token (issue 35), not a session: it reaches only the routes its scopes name. */
  readonly apiToken?: { readonly tokenId: string; readonly scopes: readonly ApiTokenScope[] };
}

/**
 * Anything an owner holds: a card, a profile, a lead, a registration… `ownerId` is who holds it (null: nobody yet, a
 * card in a pool); `officeId` the office it belongs to (an office card, a lead left on one), absent for a person's own.
 */
export interface Held {
  readonly ownerId: string | null;
  readonly officeId?: string | null;
}

/**
 * What a person wants to do with the thing. 'read' and 'change': its holder does that, and an admin of the office it
 * belongs to. 'administer': only an admin of its office (invite, assign and take back cards, the template, the roles).
 */
export type AccessAction = 'read' | 'change' | 'administer';

export function may(person: Person, action: AccessAction, thing: Held): boolean {
  const officeId = thing.officeId ?? null;
  if (officeId === null) return action !== 'administer' && thing.ownerId !== null && thing.ownerId === person.id;
  // An office's thing: only while in that office; a member who left keeps nothing of it, not even what they held.
  if (person.office?.officeId !== officeId) return false;
  if (person.office.role === 'admin') return true;
  return action !== 'administer' && thing.ownerId !== null && thing.ownerId === person.id;
}

/** May the person see the office itself (its details, members and history)? Every member may. */
export function isMemberOf(person: Person, officeId: string): boolean {
  return person.office?.officeId === officeId;
}

/**
 * Must the person set up a second step before anything else? Yes when their office requires one and their account has
 * neither two-step sign-in nor a passkey: every owner route but the few that set it up answers 403 until then.
 */
export function mustSetUpSecondStep(person: Person): boolean {
  return person.office?.requiresSecondStep === true && person.secondStep === false;
}

/**
 * The person a command names by id, for things no office holds (a profile, a personal card): their office does not
 * change the answer there.
 */
export function personWithId(id: string): Person {
  return { id, office: null };
}

/**
 * May this request reach a route that needs `scope` (`config.scope`; `false` or absent: no token may)? A session
 * reaches every owner route; a personal API token only those whose scope it holds (issue 35).
 */
export function mayReachRoute(person: Person, scope: ApiTokenScope | false | undefined): boolean {
  if (!person.apiToken) return true;
  return typeof scope === 'string' && person.apiToken.scopes.includes(scope);
}
