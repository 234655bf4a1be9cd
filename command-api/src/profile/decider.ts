import {
  MESSAGES,
  PROFILE_EXISTING_IMAGE_FIELDS,
  PROFILE_IMAGE_SLOTS,
  DomainError,
  conflictError,
  notFoundError,
  readProfileData,
  validationError,
  type ProfileData,
  type ProfileEvent,
  type ProfileFields,
  type ProfileImageSlot,
} from '@kartvizit/schemas';
import { may, personWithId } from '@kartvizit/schemas/access';
import type { Decider } from '@kartvizit/infra/commands/decider';

export type ProfileState =
  | { readonly status: 'none' }
  | {
      readonly status: 'created';
      readonly profileId: string;
      readonly ownerId: string;
      readonly profile: ProfileData;
      readonly createdAt: string;
      readonly updatedAt: string;
    };

/** What the form says about one image slot. */
export type ImageChoice =
  /** No image (never had one, or removed). */
  | { readonly kind: 'none' }
  /** The address the client sent back: it must be this slot's current image. */
  | { readonly kind: 'keep'; readonly url: string }
  /** A new image the route has processed and stored under this address. */
  | { readonly kind: 'upload'; readonly url: string };

export type ImageChoices = { readonly [S in ProfileImageSlot]: ImageChoice };

export interface CreateProfile {
  readonly type: 'CreateProfile';
  readonly data: {
    readonly profileId: string;
    readonly ownerId: string;
    readonly profile: ProfileFields;
    readonly images: ImageChoices;
    readonly now: string;
  };
}

export interface UpdateProfile {
  readonly type: 'UpdateProfile';
  readonly data: {
    readonly ownerId: string;
    /**
     * Profile fields the owner's office locks (its template, decision 61): a save that changes one is refused with 403
     * and appends nothing. Empty outside an office.
     */
    readonly locked: readonly (keyof ProfileData)[];
    /** The `_id` the client named, if it named one: it must be this owner's profile. */
    readonly profileId?: string;
    readonly profile: ProfileFields;
    readonly images: ImageChoices;
    readonly now: string;
  };
}

export type ProfileCommand = CreateProfile | UpdateProfile;

function imageUrl(choice: ImageChoice, slot: ProfileImageSlot, current: ProfileData | null): string | null {
  switch (choice.kind) {
    case 'none':
      return null;
    case 'upload':
      return choice.url;
    case 'keep':
      // Never an arbitrary address: only the image this slot already shows.
      if (!current || current[slot] !== choice.url) {
        throw validationError(MESSAGES.profileImageNotOwned, PROFILE_EXISTING_IMAGE_FIELDS[slot]);
      }
      return choice.url;
    default: {
      const unknown: never = choice;
      return unknown;
    }
  }
}

function withImages(fields: ProfileFields, images: ImageChoices, current: ProfileData | null): ProfileData {
  const urls = Object.fromEntries(PROFILE_IMAGE_SLOTS.map((slot) => [slot, imageUrl(images[slot], slot, current)])) as {
    [S in ProfileImageSlot]: string | null;
  };
  // Translations the form did not send stay as they were (a client from before issue 31).
  return { ...fields, ...urls, translations: fields.translations ?? current?.translations ?? {} };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

function create(command: CreateProfile, state: ProfileState): ProfileEvent[] {
  if (state.status !== 'none') throw conflictError(MESSAGES.profileAlreadyExists);
  const { profileId, ownerId, now } = command.data;
  return [
    {
      type: 'ProfileCreated',
      data: {
        profileId,
        ownerId,
        profile: withImages(command.data.profile, command.data.images, null),
        createdAt: now,
      },
    },
  ];
}

function update(command: UpdateProfile, state: ProfileState): ProfileEvent[] {
  if (state.status !== 'created' || !may(personWithId(command.data.ownerId), 'change', state))
    throw notFoundError(MESSAGES.profileNotFound);
  if (command.data.profileId !== undefined && command.data.profileId !== state.profileId) {
    throw notFoundError(MESSAGES.profileNotFound);
  }
  const profile = withImages(command.data.profile, command.data.images, state.profile);
  const changedLock = command.data.locked.find((field) => !sameValue(profile[field], state.profile[field]));
  if (changedLock !== undefined) throw new DomainError('forbidden', MESSAGES.officeFieldLocked, changedLock);
  // Saving the form unchanged records nothing.
  if (sameValue(profile, state.profile)) return [];
  return [
    {
      type: 'ProfileUpdated',
      data: { profileId: state.profileId, ownerId: state.ownerId, profile, updatedAt: command.data.now },
    },
  ];
}

export const profileDecider: Decider<ProfileState, ProfileCommand, ProfileEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    switch (event.type) {
      case 'ProfileCreated':
        return {
          status: 'created',
          profileId: event.data.profileId,
          ownerId: event.data.ownerId,
          profile: readProfileData(event.data.profile),
          createdAt: event.data.createdAt,
          updatedAt: event.data.createdAt,
        };
      case 'ProfileUpdated':
        if (state.status !== 'created') return state;
        return { ...state, profile: readProfileData(event.data.profile), updatedAt: event.data.updatedAt };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateProfile':
        return create(command, state);
      case 'UpdateProfile':
        return update(command, state);
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};

/** The image addresses a state shows (for cleaning up files nothing shows any more). */
export function imageUrlsOf(state: ProfileState): Set<string> {
  if (state.status !== 'created') return new Set();
  return new Set(PROFILE_IMAGE_SLOTS.map((slot) => state.profile[slot]).filter((url): url is string => url !== null));
}
