/**
 * Who may act on what: the one place that answers it (decision 59). Pure, so deciders, routes and queries all ask it
 * the same question. Today a person acts on what is theirs; the offices issue adds "an admin of the office that holds
 * it" here (a `Person` then carries the offices they administer, a `Held` thing the office that holds it), and nowhere
 * else. A refusal is answered as "not found" by the callers, never "forbidden", so ids cannot be probed.
 */

/** The signed-in person, as the owner hook puts them on the request. */
export interface Person {
  readonly id: string;
}

/** Anything an owner holds: a card, a profile, a lead, a registration… (null: held by nobody yet). */
export interface Held {
  readonly ownerId: string | null;
}

/** What a person wants to do with the thing; one rule today, told apart for the roles that come with offices. */
export type AccessAction = 'read' | 'change';

export function may(person: Person, _action: AccessAction, thing: Held): boolean {
  return thing.ownerId !== null && thing.ownerId === person.id;
}

/** The person whose id a command carries (commands name the acting owner by id). */
export function personWithId(id: string): Person {
  return { id };
}
