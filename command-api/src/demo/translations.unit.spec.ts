import { describe, expect, it } from 'vitest';
import {
  DEMO_LISTINGS,
  DEMO_OWNER_ID,
  DEMO_PROFILE_FORM,
  productImageKeys,
  validateProductInput,
  validateProfileInput,
  type ProductEvent,
} from '@kartvizit/schemas';
import { OWNER_LANGUAGES } from '@kartvizit/schemas/language/model';
import { productDecider } from '../product/decider.ts';

/**
 * The sample card in the visitor's language (issue 31): the seed writes these words through the profile and product
 * rules at every start, so they must pass them whole, and writing them again must change nothing.
 */
type ProductCreatedData = Extract<ProductEvent, { type: 'ProductCreated' }>['data'];

const photo = `/media/${productImageKeys(DEMO_OWNER_ID, 'a'.repeat(32), 'jpg').main}`;
const now = '2026-11-28T10:00:00.000Z';

describe('the sample profile’s translations', () => {
  it('are written in every language and kept whole by the profile rules; the company line stays the Turkish name', () => {
    const checked = validateProfileInput(DEMO_PROFILE_FORM, { currentYear: 2026 });
    if (!checked.ok) throw new Error(checked.problem.message);
    const translations = checked.profile.translations ?? {};
    expect(Object.keys(translations)).toEqual([...OWNER_LANGUAGES]);
    for (const language of OWNER_LANGUAGES) {
      const own = DEMO_PROFILE_FORM.translations[language];
      expect(translations[language]).toEqual({ jobTitle: own.jobTitle, bio: own.bio });
      expect(own.bio).not.toBe(DEMO_PROFILE_FORM.bio);
      expect(own.bio).toContain('Ayşe Yılmaz');
    }
  });
});

describe.each(DEMO_LISTINGS.map((listing) => [listing.form.name, listing] as const))('%s', (_, listing) => {
  const checked = validateProductInput({ ...listing.form, images: [photo] }, { ownerId: DEMO_OWNER_ID });
  if (!checked.ok) throw new Error(`${listing.form.name}: ${checked.message}`);
  const { product } = checked.value;

  it('has its name, description and every feature in each language, kept whole by the product rules', () => {
    expect(Object.keys(product.translations)).toEqual([...OWNER_LANGUAGES]);
    for (const language of OWNER_LANGUAGES) {
      const own = listing.form.translations[language];
      expect(product.translations[language]).toEqual({
        name: own.name,
        description: own.description,
        features: [...own.features],
        actionLabel: own.actionLabel,
      });
      expect(own.features).toHaveLength(listing.form.features.length);
      expect(own.name).not.toBe(listing.form.name);
    }
  });

  it('written again by the next start, changes nothing (the seed appends no event)', () => {
    // As the event store gives it back: through JSON, so only what JSON keeps (values and key order) counts.
    const created: ProductCreatedData = JSON.parse(
      JSON.stringify({
        productId: listing.productId,
        ownerId: DEMO_OWNER_ID,
        product,
        isActive: true,
        featured: listing.form.featured,
        order: 0,
        createdAt: now,
      }),
    ) as ProductCreatedData;
    const state = productDecider.evolve(productDecider.initialState, { type: 'ProductCreated', data: created });
    const events = productDecider.decide(
      {
        type: 'EditProduct',
        data: {
          productId: listing.productId,
          ownerId: DEMO_OWNER_ID,
          product,
          isActive: true,
          featured: listing.form.featured,
          now,
        },
      },
      state,
    );
    expect(events).toEqual([]);
  });
});
