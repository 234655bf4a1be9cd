import type { Observable } from 'rxjs';

/**
 * Wake-up signals between writers and readers. A signal carries no data a reader depends on:
 * readers always re-read the store or the read model, so a lost signal only delays them until
 * their polling fallback fires.
 */
export type SignalChannel =
  /** Something was appended to the event store. */
  | 'events_appended'
  /**
   * A projection committed a batch; payload: "<projection name> <checkpoint>[ <touched owners>]"
   * (formatProjectionAdvanced / parseProjectionAdvanced in projection-advanced.ts).
   */
  | 'projection_advanced';

export interface SignalBus {
  publish(channel: SignalChannel, payload?: string): Promise<void>;
  /** Hot stream of payloads for the channel; completes when the bus closes. */
  on(channel: SignalChannel): Observable<string>;
  close(): Promise<void>;
}
