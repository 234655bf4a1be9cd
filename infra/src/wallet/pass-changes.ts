import type pg from 'pg';
import type {
  CardActivated,
  CardAssigned,
  CardDeactivated,
  CardReactivated,
  CardReturned,
  OfficeDetailsChanged,
  OfficeLogoChanged,
  OfficeTemplateChanged,
  ProfileUpdated,
} from '@kartvizit/schemas';
import { compareCheckpoints, isCheckpoint } from '../event-store/checkpoint.ts';
import type { Checkpoint } from '../event-store/types.ts';
import { RM_CARDS } from '../read-models/contract.ts';

/**
 * What changes a card's wallet pass (issue 32), for the reactors that keep passes in step: the holder's profile (name,
 * title, company, phone, e-mail, logo and theme: the images are saved as a ProfileUpdated too), the card itself (on
 * and off, handed to an office member or taken back), and an office card's office (its template, logo and details,
 * decision 61). A card's name is not on the pass, and its QR address never changes, so neither is here.
 */
export type PassChangingEvent =
  | ProfileUpdated
  | CardActivated
  | CardDeactivated
  | CardReactivated
  | CardAssigned
  | CardReturned
  | OfficeDetailsChanged
  | OfficeLogoChanged
  | OfficeTemplateChanged;

export const PASS_CHANGING_EVENTS: readonly PassChangingEvent['type'][] = [
  'ProfileUpdated',
  'CardActivated',
  'CardDeactivated',
  'CardReactivated',
  'CardAssigned',
  'CardReturned',
  'OfficeDetailsChanged',
  'OfficeLogoChanged',
  'OfficeTemplateChanged',
];

/** The cards whose pass `event` changes, as the read models have them now (so read them once they passed it). */
export async function passCardsChangedBy(pool: pg.Pool, event: PassChangingEvent): Promise<string[]> {
  switch (event.type) {
    case 'ProfileUpdated': {
      const { rows } = await pool.query<{ card_id: string }>(
        `SELECT card_id FROM ${RM_CARDS} WHERE owner_id = $1 AND is_activated ORDER BY card_id`,
        [event.data.ownerId],
      );
      return rows.map((row) => row.card_id);
    }
    case 'OfficeDetailsChanged':
    case 'OfficeLogoChanged':
    case 'OfficeTemplateChanged': {
      const { rows } = await pool.query<{ card_id: string }>(
        `SELECT card_id FROM ${RM_CARDS} WHERE office_id = $1 AND is_activated ORDER BY card_id`,
        [event.data.officeId],
      );
      return rows.map((row) => row.card_id);
    }
    case 'CardActivated':
    case 'CardDeactivated':
    case 'CardReactivated':
    case 'CardAssigned':
    case 'CardReturned':
      return [event.data.cardId];
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** The read models a pass is built from are behind the event: what would be sent is the card as it was. Retried. */
export class ReadModelsBehindError extends Error {
  constructor(
    readonly code: string,
    readModels: readonly string[],
  ) {
    super(`The ${readModels.join(', ')} read models have not reached the event yet`);
    this.name = 'ReadModelsBehindError';
  }
}

const POLL_MS = 25;

/**
 * Waits (briefly) until every read model in `readModels` has applied `position`; throws ReadModelsBehindError (with
 * the reactor's `code`) when they have not, so the attempt is retried: a reactor that builds a pass, or tells a device
 * to fetch one, must not do it from read models still showing the card as it was.
 */
export async function waitForReadModels(
  pool: pg.Pool,
  position: Checkpoint | string,
  readModels: readonly string[],
  timeoutMs: number,
  code: string,
): Promise<void> {
  if (!isCheckpoint(position)) throw new ReadModelsBehindError(code, readModels);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ name: string; checkpoint: string | null }>(
      'SELECT name, checkpoint FROM projection_checkpoints WHERE name = ANY($1::text[])',
      [readModels],
    );
    const passed = readModels.every((name) => {
      const checkpoint = rows.find((row) => row.name === name)?.checkpoint ?? null;
      return isCheckpoint(checkpoint) && compareCheckpoints(checkpoint, position) >= 0;
    });
    if (passed) return;
    if (Date.now() >= deadline) throw new ReadModelsBehindError(code, readModels);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
