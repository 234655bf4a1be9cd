import type { DomainEvent } from '@kartvizit/schemas';

/**
 * A feature's business rules as two pure functions (no I/O, no clock, no random ids: the route
 * puts those into the command, because a decision runs again on every concurrency retry).
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  readonly initialState: State;
  /** Never throws: history is a fact. */
  readonly evolve: (state: State, event: Event) => State;
  /** Throws a DomainError when the command is refused. */
  readonly decide: (command: Command, state: State) => readonly Event[];
}
