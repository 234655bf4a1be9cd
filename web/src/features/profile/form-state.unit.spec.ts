import { describe, expect, it } from 'vitest';
import {
  errorsAfterRowRemoval,
  initialFormState,
  profileFormReducer,
  type ProfileFormAction,
  type ProfileFormState,
} from './form-state.ts';
import { emptyProfileForm, newBankAccount, newSocialLink, NO_IMAGES } from './profile-form.ts';

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
