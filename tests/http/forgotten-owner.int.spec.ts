import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { rebuildProjection } from '@kartvizit/infra/processing/rebuild';
import { profilesProjection } from '@kartvizit/projector/profile/profiles-projection';
import { startTestProduct, type TestProduct } from '../support/product.ts';
import {
  after,
  answer,
  createProfile,
  provision,
  registerOwner,
  seenEverything,
  send,
  type Owner,
  PUBLIC_CARD_ADDRESSES,
  PUBLIC_CARD_ADDRESS_NAMES,
  UNKNOWN_CARD,
  seenByVisitor,
  type PublicCardAddress,
} from './card-fixtures.ts';
import { appendedBy, click, expectAccepted, ownerWithCards, visit, type CardOwner } from './telemetry-fixtures.ts';

/**
 * A forgotten owner (KVKK erasure: the owner's key is destroyed and the read models replay without the person) has
 * no public card any more. The card page, the public profile, the contact file, the lead form's token and the QR image
 * answer exactly as for a card that never existed, and the card's visits and clicks are not counted. One contract says
 * so for every service: SHOWN_CARDS and QR_CARDS in infra/src/read-models/contract.ts.
 */
let product: TestProduct;
let owner: Owner;
let cardId: string;
let profileId: string;
/** Another owner's shown card: its visit is the marker that everything sent before it has been written. */
let bystander: CardOwner;

const fetchAddress = (address: PublicCardAddress, id: string, headers: Record<string, string> = {}) =>
  send(product, 'GET', PUBLIC_CARD_ADDRESSES[address](id), undefined, undefined, headers);

const countedCards = (events: readonly { data: { cardId: string | null } }[]) =>
  events.map((event) => event.data.cardId);
const bystanderVisit = () => visit(product, { cardId: bystander.cards[0] });

beforeAll(async () => {
  // The owner directory remembers a found owner for 10 s by default; here it looks again on every beacon.
  product = await startTestProduct({ telemetry: { ownerCacheTtlMs: 0 } });
  bystander = await ownerWithCards(product, 1);
  owner = await registerOwner(product);
  await createProfile(product, owner);
  [cardId = ''] = await provision(product, 1, 'pro', 'gold');
  const activated = await send(product, 'POST', '/api/cards/activate', owner.token, { cardId, name: 'Unutulacak' });
  expect(activated.statusCode, activated.body).toBe(200);
  const shown = await fetchAddress('profile', cardId, after(answer(activated).position));
  expect(shown.statusCode, shown.body).toBe(200);
  profileId = String(answer(shown).profile?._id);
});
afterAll(async () => {
  await product?.close();
});

describe('given an owner whose card is shown', () => {
  it('every public address of the card answers 200, and a visit and a click are counted', async () => {
    const written = await seenEverything(product);
    for (const address of PUBLIC_CARD_ADDRESS_NAMES) {
      const response = await fetchAddress(address, cardId, written);
      expect(response.statusCode, `${address}: ${response.body}`).toBe(200);
    }
    const counted = await appendedBy(
      product,
      async () => {
        expectAccepted(await visit(product, { cardId }));
        expectAccepted(await click(product, { profileId, cardId, clickType: 'phone' }));
      },
      bystanderVisit,
    );
    expect(countedCards(counted)).toEqual([cardId, cardId, bystander.cards[0]]);
  });

  describe('when the owner is forgotten', () => {
    let readModelsNow: Record<string, string>;

    beforeAll(async () => {
      await product.vault.forget(owner.userId);
      // The read model learns of it when it replays the sealed events.
      await rebuildProjection({ pool: product.pool, store: product.store, codec: product.codec }, profilesProjection);
      // Read-your-writes: each route reads the read models as they are now. Without it the card page's cache notices
      // the new generation within its one-second look at the read models.
      readModelsNow = await seenEverything(product);
    });

    it.each(PUBLIC_CARD_ADDRESS_NAMES)('then %s answers the 404 of a card that never existed', async (address) => {
      const forgotten = await fetchAddress(address, cardId, readModelsNow);
      const unknown = await fetchAddress(address, UNKNOWN_CARD, readModelsNow);
      expect(forgotten.statusCode, forgotten.body).toBe(404);
      expect(seenByVisitor(forgotten)).toEqual(seenByVisitor(unknown));
    });

    it('then the JSON answers are the Turkish ones of an unknown card', async () => {
      const profile = await fetchAddress('profile', cardId, readModelsNow);
      expect(JSON.parse(profile.body)).toEqual({ success: false, message: MESSAGES.cardPublicProfileNotFound });
      const qr = await fetchAddress('qrPng', cardId, readModelsNow);
      expect(JSON.parse(qr.body)).toEqual({ success: false, message: MESSAGES.cardNotFound });
    });

    it("then the card's visits and clicks are answered 204 and not counted", async () => {
      const counted = await appendedBy(
        product,
        async () => {
          expectAccepted(await visit(product, { cardId }));
          expectAccepted(await click(product, { profileId, cardId, clickType: 'phone' }));
          expectAccepted(await click(product, { profileId, clickType: 'email' }));
        },
        bystanderVisit,
      );
      expect(countedCards(counted)).toEqual([bystander.cards[0]]);
    });

    it("then other owners' cards and cards nobody has activated yet are as they were", async () => {
      for (const address of PUBLIC_CARD_ADDRESS_NAMES) {
        const response = await fetchAddress(address, bystander.cards[0] ?? '', readModelsNow);
        expect(response.statusCode, `${address}: ${response.body}`).toBe(200);
      }
      // A physical card's QR is printed before it is sold: drawn without an owner.
      const [unsold = ''] = await provision(product);
      const qr = await fetchAddress('qrPng', unsold, await seenEverything(product));
      expect(qr.statusCode, qr.body).toBe(200);
      expect(qr.headers['content-type']).toBe('image/png');
    });
  });
});
