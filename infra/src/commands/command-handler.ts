import type { DomainEvent } from '@kartvizit/schemas';
import {
  ConcurrencyError,
  type AppendRequest,
  type Checkpoint,
  type EventMetadata,
  type EventStore,
} from '../event-store/types.ts';
import type { EventCodec } from '../vault/event-codec.ts';
import type { Decider } from './decider.ts';

export interface HandleOptions<Event extends DomainEvent> {
  readonly metadata?: EventMetadata;
  /**
   * Further streams to append in the same atomic write, built from the decided events
   * (uniqueness claims). A conflict on one of them is not retried: it is the answer.
   */
  readonly alsoAppend?: (events: readonly Event[]) => Promise<readonly AppendRequest[]>;
  /**
   * Streams of `alsoAppend` whose conflict means "it moved meanwhile, decide again" rather than an answer (an office
   * member's stream, a card a leaving member held): the whole command is loaded and decided again, like a conflict
   * on its own stream.
   */
  readonly decideAgainWhenMoved?: (streamId: string) => boolean;
}

export interface HandleResult<State, Event> {
  readonly events: readonly Event[];
  readonly state: State;
  /** Null when the decision produced no events. */
  readonly position: Checkpoint | null;
}

/**
 * A command's outcome without a throw: what it produced, or why it was refused beside the state it was decided on (null
 * when it failed before any decision), so a route that must look at that state need not read the stream again.
 */
export type Attempt<State, Event> =
  | ({ readonly ok: true } & HandleResult<State, Event>)
  | { readonly ok: false; readonly error: unknown; readonly state: State | null };

const MAX_ATTEMPTS = 3;

/** Load the stream, decide, append with the version we decided on; retry when someone else wrote first. */
export class CommandHandler {
  constructor(
    private readonly store: EventStore,
    private readonly codec: EventCodec,
  ) {}

  async load<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    streamId: string,
  ): Promise<{ state: State; version: number }> {
    const stream = await this.store.readStream(streamId);
    let state = decider.initialState;
    for (const recorded of stream.events) {
      const event = await this.codec.decode(recorded);
      if (event) state = decider.evolve(state, event as unknown as Event);
    }
    return { state, version: stream.version };
  }

  handle<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    streamId: string,
    command: Command,
    options: HandleOptions<Event> = {},
  ): Promise<HandleResult<State, Event>> {
    return this.execute(decider, streamId, command, options, () => {});
  }

  /** `handle`, answering a refusal (or any failure) as a value with the state it was decided on. */
  async attempt<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    streamId: string,
    command: Command,
    options: HandleOptions<Event> = {},
  ): Promise<Attempt<State, Event>> {
    let decidedOn: State | null = null;
    try {
      const result = await this.execute(decider, streamId, command, options, (state) => {
        decidedOn = state;
      });
      return { ok: true, ...result };
    } catch (error) {
      return { ok: false, error, state: decidedOn };
    }
  }

  private async execute<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    streamId: string,
    command: Command,
    options: HandleOptions<Event>,
    deciding: (state: State) => void,
  ): Promise<HandleResult<State, Event>> {
    for (let attempt = 1; ; attempt++) {
      const { state, version } = await this.load(decider, streamId);
      deciding(state);
      const events = decider.decide(command, state);
      const nextState = events.reduce(decider.evolve, state);
      if (events.length === 0) return { events, state: nextState, position: null };
      const encoded = await Promise.all(events.map((event) => this.codec.encode(event, options.metadata)));
      const extra = options.alsoAppend ? await options.alsoAppend(events) : [];
      try {
        const result = await this.store.append([
          { streamId, expected: version === -1 ? 'no_stream' : version, events: encoded },
          ...extra,
        ]);
        return { events, state: nextState, position: result.position };
      } catch (error) {
        const moved =
          error instanceof ConcurrencyError &&
          (error.streamId === streamId || options.decideAgainWhenMoved?.(error.streamId) === true);
        if (!moved || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
