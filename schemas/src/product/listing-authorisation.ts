import type { ListingEids } from './listing.ts';
import { LISTING_TIME_ZONE_OFFSET } from './listing.ts';

/**
 * The EİDS authorisation's deadlines (issue 33), one rule for the product decider, the schedule that tends them and
 * the projection that says when to look next. An authorisation runs to the close of its last day in Türkiye's time;
 * a reminder goes seven days and one day before that end, and at the end the listing leaves the card until it is
 * renewed. A stage whose time had already passed when the authorisation was entered is not announced (a 'seven days
 * left' mail for an authorisation entered with two days left would be wrong), and when several stages fall due at
 * once (the schedule was stopped), only the latest is: an authorisation that has ended gets no reminder.
 */

export const AUTHORISATION_STAGES = ['week', 'day', 'ended'] as const;
export type AuthorisationStage = (typeof AUTHORISATION_STAGES)[number];
export type AuthorisationReminder = Exclude<AuthorisationStage, 'ended'>;
export const AUTHORISATION_REMINDER_DAYS: { readonly [R in AuthorisationReminder]: number } = { week: 7, day: 1 };

/** An authorisation as the decisions see it: what was entered, when, and how far it has gone. */
export interface AuthorisationState {
  readonly eids: ListingEids;
  /** When this authorisation (this number and this last day) was entered. */
  readonly setAt: string;
  readonly reached: AuthorisationStage | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant the authorisation ends: the start of the day after its last day, in Türkiye (UTC+3). */
export function authorisationEndsAt(validUntil: string): Date {
  const lastDay = new Date(`${validUntil}T00:00:00${LISTING_TIME_ZONE_OFFSET}`);
  return new Date(lastDay.getTime() + DAY_MS);
}

/** Today's date in Türkiye ('YYYY-MM-DD'). */
export function turkishDate(now: Date): string {
  return new Date(now.getTime() + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export function stageTime(validUntil: string, stage: AuthorisationStage): Date {
  const end = authorisationEndsAt(validUntil).getTime();
  return new Date(stage === 'ended' ? end : end - AUTHORISATION_REMINDER_DAYS[stage] * DAY_MS);
}

function stageIndex(stage: AuthorisationStage | null): number {
  return stage === null ? -1 : AUTHORISATION_STAGES.indexOf(stage);
}

/** The stages still to come, in order: past `reached`, and (reminders) after the authorisation was entered. */
function stagesAhead(state: AuthorisationState): AuthorisationStage[] {
  const setAt = new Date(state.setAt).getTime();
  return AUTHORISATION_STAGES.filter(
    (stage) =>
      stageIndex(stage) > stageIndex(state.reached) &&
      (stage === 'ended' || stageTime(state.eids.validUntil, stage).getTime() > setAt),
  );
}

/** When the schedule should look at this authorisation next; null once it has ended. */
export function nextAuthorisationDeadline(state: AuthorisationState): { readonly stage: AuthorisationStage; readonly at: Date } | null {
  const stage = stagesAhead(state)[0];
  return stage ? { stage, at: stageTime(state.eids.validUntil, stage) } : null;
}

/** What falls due at `now`: the latest stage ahead whose time has come (null: nothing yet). */
export function dueAuthorisationStage(state: AuthorisationState, now: Date): AuthorisationStage | null {
  const due = stagesAhead(state).filter((stage) => stageTime(state.eids.validUntil, stage).getTime() <= now.getTime());
  return due.at(-1) ?? null;
}

/** Whether the listing may show: an authorisation that has not ended. */
export function authorisationRunning(state: AuthorisationState | null): boolean {
  return state !== null && state.reached !== 'ended';
}

export function sameEids(a: ListingEids | null, b: ListingEids | null): boolean {
  return a?.number === b?.number && a?.validUntil === b?.validUntil;
}

/**
 * The authorisation after a product event: a new one whenever the listing's number or last day changes (a renewal
 * starts its reminders afresh), its stage moved by the schedule's events, none for a product or a deleted item.
 */
export function evolveAuthorisation(
  current: AuthorisationState | null,
  event:
    | { readonly type: 'ProductCreated' | 'ProductEdited'; readonly eids: ListingEids | null; readonly at: string }
    | { readonly type: 'ListingAuthorisationReminderDue' | 'ListingAuthorisationEnded'; readonly validUntil: string; readonly stage: AuthorisationStage },
): AuthorisationState | null {
  switch (event.type) {
    case 'ProductCreated':
    case 'ProductEdited':
      if (!event.eids) return null;
      if (current && sameEids(current.eids, event.eids)) return current;
      return { eids: event.eids, setAt: event.at, reached: null };
    case 'ListingAuthorisationReminderDue':
    case 'ListingAuthorisationEnded':
      if (!current || current.eids.validUntil !== event.validUntil) return current;
      return stageIndex(event.stage) > stageIndex(current.reached) ? { ...current, reached: event.stage } : current;
    default:
      return current;
  }
}
