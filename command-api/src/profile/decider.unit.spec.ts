import { describe, expect, it } from 'vitest';
import { EMPTY_PROFILE_DATA, MESSAGES, type ProfileData, type ProfileEvent, type ProfileFields } from '@kartvizit/schemas';
import { deciderSpecification } from '@kartvizit/infra/commands/decider-specification';
import { imageUrlsOf, profileDecider, type ImageChoices, type ProfileCommand } from './decider.ts';

const spec = deciderSpecification(profileDecider);
const ownerId = '5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11';
const profileId = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
const created = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T10:00:00.000Z';
const { profilePicture: _p, coverPhoto: _c, companyLogo: _l, ...EMPTY_FIELDS } = EMPTY_PROFILE_DATA;
const fields: Omit<ProfileData, 'profilePicture' | 'coverPhoto' | 'companyLogo'> = { ...EMPTY_FIELDS, firstName: 'Ayşe', lastName: 'Yılmaz', phone: '+905321234567' };
const picture = `/media/profiles/${ownerId}/picture-${'a'.repeat(32)}.jpg`;
const otherPicture = `/media/profiles/${ownerId}/picture-${'b'.repeat(32)}.jpg`;
const NO_IMAGES: ImageChoices = { profilePicture: { kind: 'none' }, coverPhoto: { kind: 'none' }, companyLogo: { kind: 'none' } };

function createCommand(images: Partial<ImageChoices> = {}): ProfileCommand {
  return { type: 'CreateProfile', data: { profileId, ownerId, profile: fields, images: { ...NO_IMAGES, ...images }, now: created } };
}

function updateCommand(
  overrides: { profile?: ProfileFields; images?: Partial<ImageChoices>; profileId?: string; locked?: (keyof ProfileData)[] } = {},
): ProfileCommand {
  return {
    type: 'UpdateProfile',
    data: {
      ownerId,
      profile: overrides.profile ?? fields,
      images: { ...NO_IMAGES, ...overrides.images },
      locked: overrides.locked ?? [],
      now: later,
      ...(overrides.profileId ? { profileId: overrides.profileId } : {}),
    },
  };
}

const profileCreated: ProfileEvent = {
  type: 'ProfileCreated',
  data: { profileId, ownerId, profile: { ...fields, profilePicture: picture, coverPhoto: null, companyLogo: null }, createdAt: created },
};

describe('profile decider', () => {
  it('creates a profile with an uploaded picture', () => {
    spec.given([]).when(createCommand({ profilePicture: { kind: 'upload', url: picture } })).then([profileCreated]);
  });

  it('cannot create a second profile for the same owner', () => {
    spec.given([profileCreated]).when(createCommand()).thenThrows('conflict', MESSAGES.profileAlreadyExists);
  });

  it('a new profile cannot claim an existing image address', () => {
    spec
      .given([])
      .when(createCommand({ profilePicture: { kind: 'keep', url: picture } }))
      .thenThrows('validation', MESSAGES.profileImageNotOwned);
  });

  it('cannot update a profile that was never created', () => {
    spec.given([]).when(updateCommand()).thenThrows('not_found', MESSAGES.profileNotFound);
  });

  it('records the full new snapshot, keeping the current picture', () => {
    const profile = { ...fields, jobTitle: 'Emlak Danışmanı' };
    spec
      .given([profileCreated])
      .when(updateCommand({ profile, images: { profilePicture: { kind: 'keep', url: picture } } }))
      .then([
        {
          type: 'ProfileUpdated',
          data: { profileId, ownerId, profile: { ...profile, profilePicture: picture, coverPhoto: null, companyLogo: null }, updatedAt: later },
        },
      ]);
  });

  it('removes an image the form no longer names', () => {
    spec
      .given([profileCreated])
      .when(updateCommand())
      .then([{ type: 'ProfileUpdated', data: { profileId, ownerId, profile: { ...fields, profilePicture: null, coverPhoto: null, companyLogo: null }, updatedAt: later } }]);
  });

  it('refuses to keep an address that is not the current image of that slot', () => {
    spec
      .given([profileCreated])
      .when(updateCommand({ images: { profilePicture: { kind: 'keep', url: otherPicture } } }))
      .thenThrows('validation', MESSAGES.profileImageNotOwned);
    spec
      .given([profileCreated])
      .when(updateCommand({ images: { profilePicture: { kind: 'keep', url: picture }, coverPhoto: { kind: 'keep', url: picture } } }))
      .thenThrows('validation', MESSAGES.profileImageNotOwned);
    spec
      .given([profileCreated])
      .when(updateCommand({ images: { profilePicture: { kind: 'keep', url: 'https://evil.example/x.jpg' } } }))
      .thenThrows('validation', MESSAGES.profileImageNotOwned);
  });

  it('saving the same profile again records nothing', () => {
    spec.given([profileCreated]).when(updateCommand({ images: { profilePicture: { kind: 'keep', url: picture } } })).then([]);
  });

  it("refuses to change a field the owner's office locks, and appends nothing (decision 61)", () => {
    const keep = { profilePicture: { kind: 'keep', url: picture } } as const;
    spec
      .given([profileCreated])
      .when(updateCommand({ profile: { ...fields, company: 'Başka Emlak' }, images: keep, locked: ['company', 'companyLogo'] }))
      .thenThrows('forbidden', MESSAGES.officeFieldLocked);
  });

  it('lets the owner change what the office does not lock, with the locked fields as they were', () => {
    const keep = { profilePicture: { kind: 'keep', url: picture } } as const;
    const profile = { ...fields, jobTitle: 'Kıdemli Danışman' };
    spec
      .given([profileCreated])
      .when(updateCommand({ profile, images: keep, locked: ['company', 'companyLogo'] }))
      .then([
        {
          type: 'ProfileUpdated',
          data: { profileId, ownerId, profile: { ...profile, profilePicture: picture, coverPhoto: null, companyLogo: null }, updatedAt: later },
        },
      ]);
  });

  it('records the owner switching search visibility on, and off again', () => {
    const searchable = { ...fields, searchable: true };
    const images = { profilePicture: { kind: 'keep', url: picture } } as const;
    const switchedOn: ProfileEvent = {
      type: 'ProfileUpdated',
      data: { profileId, ownerId, profile: { ...searchable, profilePicture: picture, coverPhoto: null, companyLogo: null }, updatedAt: later },
    };
    spec.given([profileCreated]).when(updateCommand({ profile: searchable, images })).then([switchedOn]);
    spec.given([profileCreated, switchedOn]).when(updateCommand({ profile: searchable, images })).then([]);
    spec
      .given([profileCreated, switchedOn])
      .when(updateCommand({ images }))
      .then([{ type: 'ProfileUpdated', data: { ...switchedOn.data, profile: { ...profileCreated.data.profile, searchable: false } } }]);
  });

  it('reads an event from before the switch (schema version 1) as not searchable', () => {
    const { searchable: _s, ...versionOne } = profileCreated.data.profile;
    const oldEvent = { type: 'ProfileCreated', data: { ...profileCreated.data, profile: versionOne } } as unknown as ProfileEvent;
    expect(profileDecider.evolve(profileDecider.initialState, oldEvent)).toMatchObject({ profile: { searchable: false } });
    // The same form saved again is no change, so no event.
    spec.given([oldEvent]).when(updateCommand({ images: { profilePicture: { kind: 'keep', url: picture } } })).then([]);
  });

  describe("'Diğer Diller' (issue 31)", () => {
    const keepPicture = { profilePicture: { kind: 'keep', url: picture } } as const;
    const english = { en: { jobTitle: 'Real-estate consultant', bio: 'I help you find a home in İstanbul.' } };

    it('records the owner writing their words in English', () => {
      spec
        .given([profileCreated])
        .when(updateCommand({ profile: { ...fields, translations: english }, images: keepPicture }))
        .then([
          {
            type: 'ProfileUpdated',
            data: { profileId, ownerId, profile: { ...profileCreated.data.profile, translations: english }, updatedAt: later },
          },
        ]);
    });

    const withEnglish: ProfileEvent = {
      type: 'ProfileUpdated',
      data: { profileId, ownerId, profile: { ...profileCreated.data.profile, translations: english }, updatedAt: later },
    };

    it('keeps the translations when a client that does not know them saves the profile', () => {
      const { translations: _t, ...withoutTranslations } = fields;
      spec
        .given([profileCreated, withEnglish])
        .when(updateCommand({ profile: { ...withoutTranslations, jobTitle: 'Danışman' }, images: keepPicture }))
        .then([
          {
            type: 'ProfileUpdated',
            data: {
              profileId,
              ownerId,
              profile: { ...profileCreated.data.profile, jobTitle: 'Danışman', translations: english },
              updatedAt: later,
            },
          },
        ]);
    });

    it('turns every other language off when the form sends none', () => {
      spec
        .given([profileCreated, withEnglish])
        .when(updateCommand({ profile: { ...fields, translations: {} }, images: keepPicture }))
        .then([{ type: 'ProfileUpdated', data: { ...withEnglish.data, profile: profileCreated.data.profile } }]);
    });

    it('reads an event from before the languages (schema version 2) as Turkish only', () => {
      const { translations: _t, ...versionTwo } = profileCreated.data.profile;
      const oldEvent = { type: 'ProfileCreated', data: { ...profileCreated.data, profile: versionTwo } } as unknown as ProfileEvent;
      expect(profileDecider.evolve(profileDecider.initialState, oldEvent)).toMatchObject({ profile: { translations: {} } });
    });
  });

  it('answers not found for an _id that is not the owner profile', () => {
    spec
      .given([profileCreated])
      .when(updateCommand({ profileId: '00000000-0000-4000-8000-000000000000' }))
      .thenThrows('not_found', MESSAGES.profileNotFound);
  });

  it('replays a forgotten owner as an empty profile without failing', () => {
    const forgotten = { type: 'ProfileCreated', data: { ...profileCreated.data, profile: '' } } as unknown as ProfileEvent;
    const state = profileDecider.evolve(profileDecider.initialState, forgotten);
    expect(state).toMatchObject({ status: 'created', profile: EMPTY_PROFILE_DATA });
    expect(imageUrlsOf(state)).toEqual(new Set());
  });

  it('knows which image addresses a profile shows', () => {
    const state = profileDecider.evolve(profileDecider.initialState, profileCreated);
    expect(imageUrlsOf(state)).toEqual(new Set([picture]));
  });
});
