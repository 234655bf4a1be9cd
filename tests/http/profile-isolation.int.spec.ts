import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Profile } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { media, myProfile, photo, profileForm, registerOwner, saveProfile, type Owner } from './profile-fixtures.ts';

/** Owner A's token can never read or change owner B's profile, nor borrow B's images. */
let product: TestProduct;
let alice: Owner;
let bora: Owner;
let aliceProfile: Profile;
let boraProfile: Profile;

beforeAll(async () => {
  product = await startTestProduct();
  alice = await registerOwner(product);
  bora = await registerOwner(product);
  const a = await saveProfile(
    product,
    'POST',
    profileForm({ firstName: 'Alize', phone: '0532 111 11 11' }, { profilePicture: { bytes: await photo(200, 200, '#e74c3c'), name: 'a.jpg', type: 'image/jpeg' } }),
    alice.token,
  );
  const b = await saveProfile(
    product,
    'POST',
    profileForm({ firstName: 'Bora' }, { coverPhoto: { bytes: await photo(800, 300, '#3498db'), name: 'b.jpg', type: 'image/jpeg' } }),
    bora.token,
  );
  aliceProfile = a.body.profile as Profile;
  boraProfile = b.body.profile as Profile;
  // Both profiles visible before the checks start.
  await myProfile(product, alice.token, a.body.position);
  await myProfile(product, bora.token, b.body.position);
});
afterAll(async () => {
  await product?.close();
});

async function unchanged() {
  expect(await myProfile(product, alice.token)).toEqual(aliceProfile);
}

describe('reading', () => {
  it('each owner reads only their own profile', async () => {
    expect((await myProfile(product, alice.token))?._id).toBe(aliceProfile._id);
    expect((await myProfile(product, bora.token))?._id).toBe(boraProfile._id);
    expect(aliceProfile.user).toBe(alice.userId);
  });

  it('query strings and headers naming another owner change nothing', async () => {
    const response = await product.get(`/api/profile/me?user=${alice.userId}&_id=${aliceProfile._id}`, bora.token, { 'x-user-id': alice.userId });
    expect((JSON.parse(response.body) as { profile: Profile }).profile._id).toBe(boraProfile._id);
  });
});

describe('changing', () => {
  it("a PUT naming the other owner's _id answers 404 and changes nobody", async () => {
    const before = await product.eventCount();
    const answer = await saveProfile(product, 'PUT', { _id: aliceProfile._id, firstName: 'Ele geçirildi' }, bora.token);
    expect(answer).toEqual({ status: 404, body: { success: false, message: MESSAGES.profileNotFound } });
    expect(await product.eventCount()).toBe(before);
    await unchanged();
  });

  it("a form field naming the other owner is refused, not obeyed", async () => {
    const answer = await saveProfile(product, 'PUT', profileForm({ firstName: 'Bora', user: alice.userId }), bora.token);
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('user');
    await unchanged();
  });

  it("the other owner's image address cannot be taken over, in any slot or spelling", async () => {
    const theirs = aliceProfile.profilePicture ?? '';
    expect(theirs).not.toBe('');
    const before = await product.eventCount();
    for (const [field, value] of [
      ['existingProfilePicture', theirs],
      ['existingCoverPhoto', theirs],
      ['existingCompanyLogo', theirs],
      ['existingProfilePicture', `https://kart.example.test${theirs}?t=1`],
      ['existingProfilePicture', theirs.replace(alice.userId, bora.userId)],
      ['existingProfilePicture', `/media/profiles/${bora.userId}/../${alice.userId}/picture.jpg`],
    ] as const) {
      const answer = await saveProfile(product, 'PUT', profileForm({ firstName: 'Bora', existingCoverPhoto: boraProfile.coverPhoto ?? '', [field]: value }), bora.token);
      expect(answer, `${field}=${value}`).toEqual({ status: 400, body: { success: false, message: MESSAGES.profileImageNotOwned, field } });
    }
    expect(await product.eventCount()).toBe(before);
    expect((await media(product, theirs)).statusCode).toBe(200);
    await unchanged();
  });

  it('a new owner cannot create a profile that points at an existing image', async () => {
    const carol = await registerOwner(product);
    const answer = await saveProfile(product, 'POST', profileForm({ existingProfilePicture: aliceProfile.profilePicture ?? '' }), carol.token);
    expect(answer).toEqual({ status: 400, body: { success: false, message: MESSAGES.profileImageNotOwned, field: 'existingProfilePicture' } });
    expect(await myProfile(product, carol.token)).toBeNull();
  });

  it("one owner's saves never touch the other's images", async () => {
    const answer = await saveProfile(
      product,
      'PUT',
      profileForm({ firstName: 'Bora' }, { profilePicture: { bytes: await photo(200, 200, '#e74c3c'), name: 'ayni.jpg', type: 'image/jpeg' } }),
      bora.token,
    );
    expect(answer.status).toBe(200);
    // The same picture as Alize's, but stored and named under Bora.
    expect(answer.body.profile?.profilePicture).toContain(`/profiles/${bora.userId}/`);
    expect(answer.body.profile?.profilePicture).not.toBe(aliceProfile.profilePicture);
    expect((await media(product, aliceProfile.profilePicture ?? '')).statusCode).toBe(200);
    await unchanged();
  });
});
