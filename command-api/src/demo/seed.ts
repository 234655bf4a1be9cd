import {
  DEMO_CARD_ID,
  DEMO_CARD_NAME,
  DEMO_OWNER_ID,
  DEMO_PROFILE_FORM,
  DEMO_PROFILE_ID,
  DomainError,
  cardStreamId,
  profileStreamId,
  validateProfileInput,
} from '@kartvizit/schemas';
import { personWithId } from '@kartvizit/schemas/access';
import { ConcurrencyError, type Checkpoint, type EventMetadata } from '@kartvizit/infra/event-store/types';
import type { CommandContext } from '../core/context.ts';
import { cardDecider, type CardCommand } from '../card/decider.ts';
import { cardNameClaims } from '../card/name-claims.ts';
import { profileDecider, type ImageChoices, type ProfileCommand } from '../profile/decider.ts';
import { seedDemoCatalogue } from './catalogue.ts';

export type DemoSeedOutcome =
  /** Profile and card are as the code describes them; nothing was appended. */
  | 'unchanged'
  /** Events were appended: the card was created, activated, or its profile or listings brought up to date. */
  | 'written'
  /** 'DEMO' belongs to somebody else: left alone (it cannot happen through the API, see below). */
  | 'foreign-card';

export interface DemoSeedResult {
  readonly outcome: DemoSeedOutcome;
  /** The last position written, for read-your-writes; null when nothing was appended. */
  readonly position: Checkpoint | null;
}

const METADATA: EventMetadata = { actor: 'system' };
const NO_IMAGES: ImageChoices = {
  profilePicture: { kind: 'none' },
  coverPhoto: { kind: 'none' },
  companyLogo: { kind: 'none' },
};
const ATTEMPTS = 3;

/** Another command-api instance starting at the same moment wrote first: decide again on what it wrote. */
async function retryingRaces<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const lostRace = error instanceof ConcurrencyError || (error instanceof DomainError && error.kind === 'conflict');
      if (!lostRace || attempt >= ATTEMPTS) throw error;
    }
  }
}

/**
 * Writes the sample card through the same deciders, claims and codec as an owner's own requests:
 * the system owner's profile (created, or updated when the sample text in schemas/src/demo/model.ts has
 * changed), its listings with their photos (catalogue.ts), then the virtual card 'DEMO', created
 * and activated. Idempotent: every step loads its
 * stream and decides on it, and a decision that changes nothing appends nothing, so any number of
 * starts (and of instances starting together) leave one card and one profile.
 *
 * Nobody else can ever hold 'DEMO': owners create virtual cards only as 'VC-' + 6 characters,
 * physical cards are provisioned as 'KV-' + 8, and activating someone else's virtual card is
 * 'not found'. Only this function starts the stream.
 */
export async function seedDemoCard(context: CommandContext, now: Date): Promise<DemoSeedResult> {
  const { commands } = context;
  const names = cardNameClaims(context);
  const at = now.toISOString();
  let position: Checkpoint | null = null;
  const note = (written: Checkpoint | null) => {
    if (written !== null) position = written;
  };

  const checked = validateProfileInput(DEMO_PROFILE_FORM, { currentYear: now.getUTCFullYear() });
  if (!checked.ok) throw new Error(`The sample profile breaks the profile rules: ${checked.problem.message}`);

  const cardStream = cardStreamId(DEMO_CARD_ID);
  const { state: existing } = await commands.load(cardDecider, cardStream);
  if (existing.status !== 'none' && existing.ownerId !== DEMO_OWNER_ID)
    return { outcome: 'foreign-card', position: null };

  const profileStream = profileStreamId(DEMO_OWNER_ID);
  await retryingRaces(async () => {
    const { state } = await commands.load(profileDecider, profileStream);
    const command: ProfileCommand =
      state.status === 'none'
        ? {
            type: 'CreateProfile',
            data: {
              profileId: DEMO_PROFILE_ID,
              ownerId: DEMO_OWNER_ID,
              profile: checked.profile,
              images: NO_IMAGES,
              now: at,
            },
          }
        : {
            type: 'UpdateProfile',
            data: { ownerId: DEMO_OWNER_ID, profile: checked.profile, images: NO_IMAGES, now: at },
          };
    note((await commands.handle(profileDecider, profileStream, command, { metadata: METADATA })).position);
  });

  // Before the card: when /p/DEMO first answers, its listings are there.
  await seedDemoCatalogue(context, { retrying: retryingRaces, note, metadata: METADATA, at });

  const runCard = async (command: CardCommand) =>
    note(
      (
        await commands.handle(cardDecider, cardStream, command, {
          metadata: METADATA,
          alsoAppend: (events) => names.requestsFor(events, cardStream),
        })
      ).position,
    );
  await retryingRaces(async () => {
    const { state } = await commands.load(cardDecider, cardStream);
    // The profile was written above: the fact the card routes look up is true here.
    const common = {
      cardId: DEMO_CARD_ID,
      person: personWithId(DEMO_OWNER_ID),
      name: DEMO_CARD_NAME,
      ownerHasProfile: true,
      now: at,
    };
    if (state.status === 'none') await runCard({ type: 'CreateVirtualCard', data: { ...common, color: 'black' } });
    const { state: created } = await commands.load(cardDecider, cardStream);
    // A deactivated sample card stays deactivated: that was somebody's decision, not a gap to fill.
    if (created.status === 'pending') await runCard({ type: 'ActivateCard', data: common });
  });

  return { outcome: position === null ? 'unchanged' : 'written', position };
}
