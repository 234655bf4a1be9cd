import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_PROFILE_DATA, type Profile } from '@kartvizit/schemas';
import { rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { profilesProjection } from '@kartvizit/projector/profile/profiles-projection';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import { fullProfileFields, myProfile, profileForm, registerOwner, saveProfile, type Owner } from './profile-fixtures.ts';

/** The `profiles` read model: replayable from history, and a forgotten owner replays as nobody. */
let product: TestProduct;
let owner: Owner;
let saved: Profile;

beforeAll(async () => {
  product = await startTestProduct();
  owner = await registerOwner(product);
  const created = await saveProfile(product, 'POST', profileForm(fullProfileFields()), owner.token);
  await myProfile(product, owner.token, created.body.position);
  const updated = await saveProfile(product, 'PUT', profileForm({ ...fullProfileFields(), jobTitle: 'Broker' }), owner.token);
  saved = updated.body.profile as Profile;
  expect(await myProfile(product, owner.token, updated.body.position)).toEqual(saved);
});
afterAll(async () => {
  await product?.close();
});

async function row() {
  const result = await product.pool.query<{ profile_id: string; data: Profile; searchable: boolean; created_at: Date; forgotten: boolean; last_stream_position: string }>(
    'SELECT profile_id, data, searchable, created_at, forgotten, last_stream_position FROM rm_profiles WHERE owner_id = $1',
    [owner.userId],
  );
  return result.rows[0];
}

describe('the profiles read model', () => {
  it('keeps the columns other read sides join on', async () => {
    const current = await row();
    expect(current).toMatchObject({ profile_id: saved._id, data: saved, searchable: false, forgotten: false, last_stream_position: '1' });
    expect(current?.created_at.toISOString()).toBe(saved.createdAt);
  });

  it('a rebuild from history (create and update in one batch) gives the same rows', async () => {
    await rebuildProjection({ pool: product.pool, store: product.store, codec: product.codec }, profilesProjection);
    expect((await row())?.data).toEqual(saved);
  });

  it('a forgotten owner replays as an empty profile, without failing', async () => {
    await product.vault.forget(owner.userId);
    await rebuildProjection({ pool: product.pool, store: product.store, codec: product.codec }, profilesProjection);
    const current = await row();
    expect(current?.forgotten).toBe(true);
    expect(current?.data).toMatchObject({ _id: saved._id, user: owner.userId, firstName: '', phone: '', bankAccounts: [], address: EMPTY_PROFILE_DATA.address });
    expect(JSON.stringify(current?.data)).not.toContain('Yılmaz');
  });
});
