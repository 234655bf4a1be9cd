import { describe, expect, it } from 'vitest';
import {
  errorsAfterRowRemoval,
  initialFormState,
  profileFormReducer,
  type ProfileFormAction,
  type ProfileFormState,
} from './form-state.ts';
import {
  emptyProfileForm,
  newBankAccount,
  newSocialLink,
  NO_IMAGES,
  profileImages,
  profileToForm,
  type StoredProfile,
} from './profile-form.ts';

function run(state: ProfileFormState, ...actions: ProfileFormAction[]): ProfileFormState {
  return actions.reduce(profileFormReducer, state);
}

const start = initialFormState(emptyProfileForm({ email: 'a@example.com', firstName: 'A', lastName: 'B' }), NO_IMAGES);

describe('profileFormReducer', () => {
  it('typing clears that field’s message and only that one', () => {
    const state = run(
      start,
      { type: 'errorsShown', errors: { phone: 'x', website: 'y' } },
      { type: 'scalarChanged', field: 'phone', value: '0532' },
    );
    expect(state.values.phone).toBe('0532');
    expect(state.errors).toEqual({ website: 'y' });
  });

  it('fills a social address from platform and username', () => {
    const state = run(
      start,
      { type: 'rowAdded', list: 'socialLinks', row: newSocialLink() },
      { type: 'rowChanged', list: 'socialLinks', index: 0, field: 'platform', value: 'github' },
      { type: 'rowChanged', list: 'socialLinks', index: 0, field: 'username', value: 'ayse' },
    );
    expect(state.values.socialLinks[0]).toMatchObject({
      platform: 'github',
      username: 'ayse',
      url: 'https://github.com/ayse',
    });
  });

  it('removing a row moves later rows’ messages up with them', () => {
    const state = run(
      start,
      { type: 'rowAdded', list: 'bankAccounts', row: newBankAccount() },
      { type: 'rowAdded', list: 'bankAccounts', row: newBankAccount() },
      { type: 'rowAdded', list: 'bankAccounts', row: newBankAccount() },
      {
        type: 'errorsShown',
        errors: { 'bankAccounts.0.iban': 'a', 'bankAccounts.1.iban': 'b', 'bankAccounts.2.iban': 'c', phone: 'p' },
      },
      { type: 'rowRemoved', list: 'bankAccounts', index: 1 },
    );
    expect(state.values.bankAccounts).toHaveLength(2);
    expect(state.errors).toEqual({ 'bankAccounts.0.iban': 'a', 'bankAccounts.1.iban': 'c', phone: 'p' });
  });

  it('keeps other lists’ messages when a row is removed', () => {
    expect(errorsAfterRowRemoval({ 'socialLinks.1.url': 's', 'bankAccounts.0.iban': 'b' }, 'bankAccounts', 0)).toEqual({
      'socialLinks.1.url': 's',
    });
  });

  describe('address lookup (SPEC §4)', () => {
    const ankara = { lat: 39.92, lng: 32.85 };

    it('idle → loading → success sets the location', () => {
      const state = run(start, { type: 'geocodeReset', request: 1 }, { type: 'geocodeStarted', request: 1 });
      expect(state.geocode.status).toBe('loading');
      const done = run(state, {
        type: 'geocodeFinished',
        request: 1,
        outcome: { status: 'success', coordinates: ankara, formattedAddress: 'Ankara' },
      });
      expect(done.geocode.status).toBe('success');
      expect(done.values.location).toEqual(ankara);
      expect(done.locationSource).toBe('address');
    });

    it('drops the answer to an address that has been edited since', () => {
      const state = run(
        start,
        { type: 'geocodeReset', request: 1 },
        { type: 'geocodeStarted', request: 1 },
        { type: 'geocodeReset', request: 2 },
        {
          type: 'geocodeFinished',
          request: 1,
          outcome: { status: 'success', coordinates: ankara, formattedAddress: null },
        },
      );
      expect(state.geocode.status).toBe('idle');
      expect(state.values.location).toBeNull();
    });

    it('a location the user chose is not moved by a late answer', () => {
      const state = run(
        start,
        { type: 'geocodeReset', request: 1 },
        { type: 'geocodeStarted', request: 1 },
        { type: 'locationChosen', location: { lat: 41, lng: 29 }, source: 'map' },
        {
          type: 'geocodeFinished',
          request: 1,
          outcome: { status: 'success', coordinates: ankara, formattedAddress: null },
        },
      );
      expect(state.values.location).toEqual({ lat: 41, lng: 29 });
      expect(state.locationSource).toBe('map');
    });

    it('uncertain offers candidates; failed keeps the location and gives hints', () => {
      const candidates = [{ label: 'Ankara', coordinates: ankara }];
      const uncertain = run(
        start,
        { type: 'geocodeReset', request: 3 },
        { type: 'geocodeFinished', request: 3, outcome: { status: 'uncertain', candidates } },
      );
      expect(uncertain.geocode).toMatchObject({ status: 'uncertain', candidates });
      expect(uncertain.values.location).toBeNull();

      const failed = run(
        { ...start, values: { ...start.values, location: ankara } },
        { type: 'geocodeReset', request: 4 },
        { type: 'geocodeFinished', request: 4, outcome: { status: 'failed', message: 'yok', hints: ['h'] } },
      );
      expect(failed.geocode).toMatchObject({ status: 'failed', message: 'yok', hints: ['h'] });
      expect(failed.values.location).toEqual(ankara);
    });
  });

  it('knows when there is something to save', () => {
    expect(start.dirty).toBe(false);
    expect(run(start, { type: 'errorsShown', errors: { phone: 'x' } }).dirty).toBe(false);
    expect(run(start, { type: 'geocodeReset', request: 1 }).dirty).toBe(false);
    expect(run(start, { type: 'scalarChanged', field: 'bio', value: 'Merhaba' }).dirty).toBe(true);
    const findable = run(start, { type: 'searchableChanged', value: true });
    expect(findable).toMatchObject({ dirty: true, values: { searchable: true } });
    expect(run(findable, { type: 'searchableChanged', value: false }).dirty).toBe(false);
    const found = run(
      start,
      { type: 'geocodeReset', request: 1 },
      {
        type: 'geocodeFinished',
        request: 1,
        outcome: { status: 'success', coordinates: { lat: 1, lng: 2 }, formattedAddress: null },
      },
    );
    expect(found.dirty).toBe(true);
    const saved = run(found, { type: 'saved', values: found.values, images: NO_IMAGES });
    expect(saved.dirty).toBe(false);
  });

  describe('unsaved changes: what saving would send differs from what the server holds', () => {
    /** The profile as GET /api/profile/me and a successful save answer with it. */
    const stored: StoredProfile = {
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      email: 'ayse@example.com',
      phone: '+905321234567',
      phoneFormatted: '0532 123 45 67',
      address: { street: 'Atatürk Cd. 1', city: 'Ankara', state: 'Çankaya', zipCode: '', country: 'Türkiye' },
      location: { lat: 39.92, lng: 32.85 },
      socialLinks: [{ platform: 'github', username: 'ayse', url: 'https://github.com/ayse' }],
      coverPhoto: '/media/kapak.jpg',
      updatedAt: '2026-05-01T10:00:00.000Z',
    };
    const loaded = () => initialFormState(profileToForm(stored), profileImages(stored));

    it('given a profile with a location, when it is saved unchanged, then the form is clean', () => {
      // The answer is read into fresh objects (a new location object among them), as after every save.
      const state = run(loaded(), {
        type: 'saved',
        values: profileToForm({ ...stored, updatedAt: '2026-05-01T10:05:00.000Z' }),
        images: profileImages({ ...stored, updatedAt: '2026-05-01T10:05:00.000Z' }),
      });
      expect(state.dirty).toBe(false);
    });

    it('given an edit, when the server answers with its normalised values, then the form is clean', () => {
      const edited = run(loaded(), { type: 'scalarChanged', field: 'website', value: ' https://ornek.com.tr ' });
      expect(edited.dirty).toBe(true);
      const saved = run(edited, {
        type: 'saved',
        values: profileToForm({ ...stored, website: 'https://ornek.com.tr' }),
        images: profileImages(stored),
      });
      expect(saved.dirty).toBe(false);
      expect(saved.values.website).toBe('https://ornek.com.tr');
    });

    it('given a saved form, when a field is edited and typed back, then it is clean again', () => {
      const typed = run(loaded(), { type: 'scalarChanged', field: 'bio', value: 'Merhaba' });
      expect(typed.dirty).toBe(true);
      expect(run(typed, { type: 'scalarChanged', field: 'bio', value: '' }).dirty).toBe(false);
    });

    it('the same location chosen again, or an empty new row, is nothing to save', () => {
      const state = loaded();
      expect(run(state, { type: 'locationChosen', location: { lat: 39.92, lng: 32.85 }, source: 'map' }).dirty).toBe(false);
      expect(run(state, { type: 'rowAdded', list: 'bankAccounts', row: newBankAccount() }).dirty).toBe(false);
      expect(run(state, { type: 'locationChosen', location: { lat: 41, lng: 29 }, source: 'map' }).dirty).toBe(true);
      expect(run(state, { type: 'locationCleared' }).dirty).toBe(true);
    });

    it('a chosen or removed image is something to save', () => {
      const file = new File(['x'], 'a.png', { type: 'image/png' });
      expect(run(loaded(), { type: 'imageChosen', slot: 'profilePicture', file }).dirty).toBe(true);
      expect(run(loaded(), { type: 'imageRemoved', slot: 'coverPhoto' }).dirty).toBe(true);
      expect(run(loaded(), { type: 'imageRemoved', slot: 'companyLogo' }).dirty).toBe(false);
    });
  });

  it('a refused file leaves the image as it was; removing clears file and address', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const withImage = {
      ...start,
      images: { ...NO_IMAGES, coverPhoto: { url: '/media/c.jpg', file: null, version: '' } },
    };
    const chosen = run(withImage, { type: 'imageChosen', slot: 'coverPhoto', file });
    expect(chosen.images.coverPhoto).toMatchObject({ url: '/media/c.jpg', file });
    const removed = run(chosen, { type: 'imageRemoved', slot: 'coverPhoto' });
    expect(removed.images.coverPhoto).toMatchObject({ url: '', file: null });
  });
});
