import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Profile } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import {
  fullProfileFields,
  media,
  myProfile,
  photo,
  profileForm,
  registerOwner,
  saveProfile,
  transparentLogo,
  type Owner,
} from './profile-fixtures.ts';

/** Creating, reading and updating the owner's profile over HTTP, on a real PostgreSQL. */
let product: TestProduct;
beforeAll(async () => {
  product = await startTestProduct();
});
afterAll(async () => {
  await product?.close();
});

const IMAGE_URL = /^\/media\/profiles\/[0-9a-f-]{36}\/(picture|cover|logo)-[0-9a-f]{32}\.(jpg|png)$/;

describe('before the first save', () => {
  it('the owner has no profile yet', async () => {
    const owner = await registerOwner(product);
    const response = await product.get('/api/profile/me', owner.token);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ success: true, profile: null });
  });

  it('every profile endpoint needs a signed-in owner', async () => {
    expect((await product.get('/api/profile/me')).statusCode).toBe(401);
    expect((await product.get('/api/profile/me', 'garbage')).statusCode).toBe(401);
    for (const method of ['POST', 'PUT'] as const) {
      const answer = await saveProfile(product, method, { firstName: 'Ayşe' }, undefined);
      expect(answer).toEqual({ status: 401, body: { success: false, message: MESSAGES.sessionExpired } });
    }
  });
});

describe('creating a profile', () => {
  let owner: Owner;
  let created: Profile;

  beforeAll(async () => {
    owner = await registerOwner(product);
  });

  it('takes the multipart form of SPEC §7 and answers with the normalised profile and a position', async () => {
    const form = profileForm(
      { ...fullProfileFields(), existingCoverPhoto: 'undefined' },
      {
        profilePicture: { bytes: await photo(1200, 900), name: 'ben.jpg', type: 'image/jpeg' },
        companyLogo: { bytes: await transparentLogo(900, 300), name: 'logo.png', type: 'image/png' },
      },
    );
    const answer = await saveProfile(product, 'POST', form, owner.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: 'Profil oluşturuldu!' });
    expect(answer.body.position).toEqual(expect.any(String));
    const profile = answer.body.profile as Profile;
    created = profile;
    expect(profile).toMatchObject({
      user: owner.userId,
      title: 'Dr.',
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      phone: '+905321234567',
      phoneFormatted: '0532 123 45 67',
      email: 'ayse@yilmaz-emlak.com.tr',
      website: 'https://yilmaz-emlak.com.tr',
      theme: 'dark',
      bio: 'İstanbul Anadolu yakasında 15 yıllık deneyim.\nKonut ve ticari gayrimenkul.',
      address: { street: 'Bağdat Caddesi No: 1', city: 'İstanbul', state: 'Kadıköy', zipCode: '34710', country: 'Türkiye' },
      location: { lat: 40.9632, lng: 29.0634 },
      socialLinks: [
        { platform: 'instagram', username: 'yilmazemlak', url: 'https://www.instagram.com/yilmazemlak' },
        { platform: 'linkedin', username: 'ayse-yilmaz', url: 'https://www.linkedin.com/in/ayse-yilmaz' },
        { platform: 'youtube', username: '', url: 'https://www.youtube.com/@yilmazemlak' },
      ],
      companyInfo: { taxOffice: 'Kadıköy', taxNumber: '4540536920', mersisNo: '0454053692000015', registrationNumber: '123456-5', foundedYear: 2009 },
      invoiceInfo: { recipientName: 'Ayşe Yılmaz', taxId: '10000000146', taxOffice: 'Kadıköy' },
      bankAccounts: [
        { bankName: 'Ziraat Bankası', accountHolder: 'Ayşe Yılmaz', iban: 'TR330006100519786457841326', branchCode: '0610', swiftCode: 'TCZTRTR2', currency: 'TRY' },
      ],
      paymentMethods: [{ type: 'paypal', accountName: 'PayPal', accountId: 'ayse@yilmaz-emlak.com.tr', qrCode: '' }],
      coverPhoto: null,
      // Search engines are kept out unless the owner says otherwise (docs/decisions/0019).
      searchable: false,
    });
    expect(profile._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile.profilePicture).toMatch(IMAGE_URL);
    expect(profile.profilePicture).toContain(`/profiles/${owner.userId}/picture-`);
    expect(profile.companyLogo).toMatch(/\/logo-[0-9a-f]{32}\.png$/);
    expect(profile.thumbnails).toEqual({
      profilePicture: profile.profilePicture?.replace(/\.jpg$/, '-sm.jpg'),
      coverPhoto: null,
      companyLogo: profile.companyLogo?.replace(/\.png$/, '-sm.png'),
    });
    expect(profile.createdAt).toBe(profile.updatedAt);
  });

  it('GET /api/profile/me answers with exactly the same profile, read-your-writes', async () => {
    const answer = await saveProfile(product, 'PUT', { ...jsonOf(created), website: 'https://yeni.example.com' }, owner.token);
    expect(answer.status).toBe(200);
    expect(await myProfile(product, owner.token, answer.body.position)).toEqual(answer.body.profile);
  });

  it('serves the images it stored, re-encoded, sized and cacheable forever', async () => {
    const picture = await media(product, created.profilePicture ?? '');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    const small = await media(product, created.thumbnails.profilePicture ?? '');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(picture.rawPayload.length);
    const logo = await media(product, created.companyLogo ?? '');
    expect(logo.headers['content-type']).toBe('image/png');
  });

  it('refuses a second profile for the same owner and appends nothing', async () => {
    const before = await product.eventCount();
    const answer = await saveProfile(product, 'POST', { firstName: 'Ayşe' }, owner.token);
    expect(answer).toEqual({ status: 409, body: { success: false, message: MESSAGES.profileAlreadyExists } });
    expect(await product.eventCount()).toBe(before);
  });

  it('keeps personal data out of the event log in plain text', async () => {
    const log = await product.pool.query<{ text: string }>("SELECT string_agg(data::text, ' ') AS text FROM events WHERE stream_id = $1", [
      `profile-${owner.userId}`,
    ]);
    const text = log.rows[0]?.text ?? '';
    expect(text).toContain('sealed');
    for (const secret of ['Yılmaz', '905321234567', 'TR330006100519786457841326', '10000000146', 'Bağdat', 'media/profiles']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('the search engine switch', () => {
  it('is saved from the multipart form and from JSON, read back, and off when a save leaves it out', async () => {
    const owner = await registerOwner(product);
    const created = await saveProfile(product, 'POST', profileForm({ firstName: 'Ayşe', searchable: 'true' }), owner.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.profile?.searchable).toBe(true);
    expect((await myProfile(product, owner.token, created.body.position))?.searchable).toBe(true);

    const off = await saveProfile(product, 'PUT', { firstName: 'Ayşe', searchable: false }, owner.token);
    expect(off.body.profile?.searchable).toBe(false);
    expect((await myProfile(product, owner.token, off.body.position))?.searchable).toBe(false);

    const on = await saveProfile(product, 'PUT', { firstName: 'Ayşe', searchable: true }, owner.token);
    expect((await myProfile(product, owner.token, on.body.position))?.searchable).toBe(true);
    // The whole profile is replaced: a client that does not know the switch turns it off.
    const omitted = await saveProfile(product, 'PUT', { firstName: 'Ayşe' }, owner.token);
    expect((await myProfile(product, owner.token, omitted.body.position))?.searchable).toBe(false);
  });

  it('reads a read-model row written before the switch existed as off (until the rebuild replaces it)', async () => {
    const owner = await registerOwner(product);
    const created = await saveProfile(product, 'POST', { firstName: 'Ayşe' }, owner.token);
    expect(await myProfile(product, owner.token, created.body.position)).toMatchObject({ searchable: false });
    await product.pool.query(`UPDATE rm_profiles SET data = data - 'searchable' WHERE owner_id = $1`, [owner.userId]);
    expect(await myProfile(product, owner.token)).toMatchObject({ firstName: 'Ayşe', searchable: false });
  });
});

describe('concurrent saves', () => {
  it('of ten simultaneous creations exactly one wins, the others answer 409', async () => {
    const owner = await registerOwner(product);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => saveProfile(product, 'POST', { firstName: `Ayşe${'e'.repeat(i)}` }, owner.token)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(9);
  });
});

describe('the API description', () => {
  it('documents the profile routes with their tag', async () => {
    const response = await product.get('/api/openapi.json');
    const document = JSON.parse(response.body) as { paths: Record<string, Record<string, { tags?: string[] }>> };
    expect(document.paths['/api/profile']?.post?.tags).toEqual(['profile']);
    expect(document.paths['/api/profile']?.put?.tags).toEqual(['profile']);
    expect(document.paths['/api/profile/me']?.get?.tags).toEqual(['profile']);
  });
});

describe('updating a profile', () => {
  it('cannot update before creating, and appends nothing', async () => {
    const owner = await registerOwner(product);
    const before = await product.eventCount();
    const answer = await saveProfile(product, 'PUT', { firstName: 'Ayşe' }, owner.token);
    expect(answer).toEqual({ status: 404, body: { success: false, message: MESSAGES.profileNotFound } });
    expect(await product.eventCount()).toBe(before);
  });

  it('replaces the whole profile, keeps images sent back as existing*, and keeps createdAt', async () => {
    const owner = await registerOwner(product);
    const first = await saveProfile(
      product,
      'POST',
      profileForm({ firstName: 'Ayşe', phone: '+90 212 555 12 12' }, { coverPhoto: { bytes: await photo(2400, 900, '#16a085'), name: 'kapak.jpg', type: 'image/jpeg' } }),
      owner.token,
    );
    const cover = first.body.profile?.coverPhoto ?? '';
    expect(cover).toMatch(IMAGE_URL);
    // Projected before the update, so the update arrives in a batch of its own.
    expect(await myProfile(product, owner.token, first.body.position)).toEqual(first.body.profile);

    // The screen sends back what it shows, with its cache-busting parameter; empty slots as ''.
    const answer = await saveProfile(
      product,
      'PUT',
      profileForm({
        firstName: 'Ayşe',
        lastName: 'Kaya',
        existingCoverPhoto: `${cover}?t=1732180000000`,
        existingProfilePicture: '',
        existingCompanyLogo: 'undefined',
        socialLinks: '[]',
        bankAccounts: '',
        paymentMethods: '[]',
      }),
      owner.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Profil güncellendi!');
    const profile = answer.body.profile as Profile;
    expect(profile).toMatchObject({ _id: first.body.profile?._id, firstName: 'Ayşe', lastName: 'Kaya', phone: '', coverPhoto: cover, profilePicture: null });
    expect(profile.createdAt).toBe(first.body.profile?.createdAt);
    expect(profile.updatedAt >= profile.createdAt).toBe(true);
    const read = await myProfile(product, owner.token, answer.body.position);
    expect(read).toEqual(profile);
  });

  it('a new image gets a new address, and the replaced file is gone', async () => {
    const owner = await registerOwner(product);
    const first = await saveProfile(
      product,
      'POST',
      profileForm({}, { profilePicture: { bytes: await photo(400, 400, '#8e44ad'), name: 'a.jpg', type: 'image/jpeg' } }),
      owner.token,
    );
    const oldUrl = first.body.profile?.profilePicture ?? '';
    const second = await saveProfile(
      product,
      'PUT',
      profileForm({}, { profilePicture: { bytes: await photo(400, 400, '#27ae60'), name: 'a.jpg', type: 'image/jpeg' } }),
      owner.token,
    );
    const newUrl = second.body.profile?.profilePicture ?? '';
    expect(newUrl).toMatch(IMAGE_URL);
    expect(newUrl).not.toBe(oldUrl);
    expect((await media(product, newUrl)).statusCode).toBe(200);
    expect((await media(product, oldUrl)).statusCode).toBe(404);
    expect((await media(product, oldUrl.replace('.jpg', '-sm.jpg'))).statusCode).toBe(404);
  });

  it('the same picture uploaded again keeps its address, and an unchanged save appends nothing', async () => {
    const owner = await registerOwner(product);
    const bytes = await photo(300, 300, '#d35400');
    const first = await saveProfile(product, 'POST', profileForm({ firstName: 'Can' }, { profilePicture: { bytes, name: 'x.jpg', type: 'image/jpeg' } }), owner.token);
    const before = await product.eventCount();
    const again = await saveProfile(product, 'PUT', profileForm({ firstName: 'Can' }, { profilePicture: { bytes, name: 'baska-ad.jpg', type: 'image/jpeg' } }), owner.token);
    expect(again.status).toBe(200);
    expect(again.body.profile?.profilePicture).toBe(first.body.profile?.profilePicture);
    expect(again.body.position).toBeUndefined();
    expect(await product.eventCount()).toBe(before);
    expect((await media(product, first.body.profile?.profilePicture ?? '')).statusCode).toBe(200);
  });

  it('removing an image deletes its files', async () => {
    const owner = await registerOwner(product);
    const first = await saveProfile(
      product,
      'POST',
      profileForm({}, { companyLogo: { bytes: await transparentLogo(200, 200), name: 'logo.png', type: 'image/png' } }),
      owner.token,
    );
    const logo = first.body.profile?.companyLogo ?? '';
    const answer = await saveProfile(product, 'PUT', profileForm({ existingCompanyLogo: '' }), owner.token);
    expect(answer.body.profile?.companyLogo).toBeNull();
    expect((await media(product, logo)).statusCode).toBe(404);
  });

  it('accepts JSON for saves without files', async () => {
    const owner = await registerOwner(product);
    const created = await saveProfile(product, 'POST', { firstName: 'Deniz', address: { city: 'İzmir' }, location: null }, owner.token);
    expect(created.status).toBe(200);
    expect(created.body.profile).toMatchObject({ firstName: 'Deniz', address: { city: 'İzmir', country: 'Türkiye' }, location: null });
    const updated = await saveProfile(
      product,
      'PUT',
      { _id: created.body.profile?._id, firstName: 'Deniz', 'address.city': 'Ankara', location: { lat: 39.9334, lng: 32.8597 }, socialLinks: [{ platform: 'github', username: 'deniz' }] },
      owner.token,
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.profile).toMatchObject({
      address: { city: 'Ankara' },
      location: { lat: 39.9334, lng: 32.8597 },
      socialLinks: [{ platform: 'github', username: 'deniz', url: 'https://github.com/deniz' }],
    });
  });
});

/** The profile as JSON the update takes: the editable fields, images kept by address. */
function jsonOf(profile: Profile): Record<string, unknown> {
  const { _id, user: _user, phoneFormatted: _f, thumbnails: _t, createdAt: _c, updatedAt: _u, profilePicture, coverPhoto, companyLogo, ...fields } = profile;
  return {
    ...fields,
    _id,
    existingProfilePicture: profilePicture ?? '',
    existingCoverPhoto: coverPhoto ?? '',
    existingCompanyLogo: companyLogo ?? '',
  };
}
