import { expect } from 'vitest';
import { DomainError, type DomainEvent } from '@kartvizit/schemas';
import type { Decider } from './decider.ts';

/**
 * Given events / when command / then events or error: a decider test reads as a story and needs
 * no database (after emmett's DeciderSpecification).
 */
export function deciderSpecification<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(history: readonly Event[] = []) {
      const state = history.reduce(decider.evolve, decider.initialState);
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: readonly Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(kind: DomainError['kind'], message?: string) {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught).toBeInstanceOf(DomainError);
              expect((caught as DomainError).kind).toBe(kind);
              if (message !== undefined) expect((caught as DomainError).message).toBe(message);
            },
          };
        },
      };
    },
  };
}
