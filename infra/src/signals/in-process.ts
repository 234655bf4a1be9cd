import { EMPTY, Subject, type Observable } from 'rxjs';
import type { SignalBus, SignalChannel } from './types.ts';

/** For the all-in-one process: writers and readers share memory, so a Subject is the whole bus. */
export class InProcessSignalBus implements SignalBus {
  private readonly subjects = new Map<SignalChannel, Subject<string>>();
  private closed = false;

  async publish(channel: SignalChannel, payload = ''): Promise<void> {
    if (this.closed) return;
    this.subjects.get(channel)?.next(payload);
  }

  on(channel: SignalChannel): Observable<string> {
    if (this.closed) return EMPTY;
    let subject = this.subjects.get(channel);
    if (!subject) {
      subject = new Subject<string>();
      this.subjects.set(channel, subject);
    }
    return subject.asObservable();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const subject of this.subjects.values()) subject.complete();
    this.subjects.clear();
  }
}
