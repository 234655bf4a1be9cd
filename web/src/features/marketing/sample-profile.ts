import { DEMO_CARD_ID, DEMO_LISTINGS, DEMO_PROFILE_FORM } from '@kartvizit/schemas/demo/model';

/**
 * The sample owner of the landing page's pictures: the same made-up person as the real sample
 * card the server keeps at /p/DEMO (schemas/src/demo/model.ts), and its first listings: the products
 * 'Demoyu İncele' shows, with the same prices.
 */
export const SAMPLE_PROFILE = {
  firstName: DEMO_PROFILE_FORM.firstName,
  lastName: DEMO_PROFILE_FORM.lastName,
  initials: `${DEMO_PROFILE_FORM.firstName[0] ?? ''}${DEMO_PROFILE_FORM.lastName[0] ?? ''}`,
  jobTitle: DEMO_PROFILE_FORM.jobTitle,
  company: DEMO_PROFILE_FORM.company,
  city: DEMO_PROFILE_FORM.address.city,
  listings: DEMO_LISTINGS.slice(0, 3).map((listing) => ({
    title: listing.shortTitle,
    price: listing.form.price.value,
    per: listing.monthly ? 'ay' : null,
  })),
} as const;

/** The real sample card, rendered by the server (a full page load, not a route of this app). */
export const SAMPLE_CARD_PATH = `/p/${DEMO_CARD_ID}`;

/**
 * Its QR code, drawn by query-api like every card's: it encodes PUBLIC_BASE_URL/p/DEMO, the
 * address a printed flyer of this page must keep pointing at.
 */
export const SAMPLE_CARD_QR = `/api/cards/${DEMO_CARD_ID}/qr.svg`;
