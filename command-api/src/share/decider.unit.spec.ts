import { describe, expect, it } from 'vitest';
import { MESSAGES, type ShareEvent } from '@kartvizit/schemas';
import { deciderSpecification } from '@kartvizit/infra/commands/decider-specification';
import { holdsAddress, shareDecider, type ShareCommand } from './decider.ts';

const spec = deciderSpecification(shareDecider);
const owner = '7a1d2c3e-4b5f-4a6b-8c7d-9e0f1a2b3c4d';
const monday = '2026-11-23T09:00:00.000Z';
const tuesday = '2026-11-24T10:30:00.000Z';
const thirtyDaysAfterTuesday = '2026-12-24T10:30:00.000Z';

const chooseStyle = (
  foreground: string,
  background: string,
  logo: 'none' | 'profile' | 'office' = 'none',
): ShareCommand => ({
  type: 'ChooseQrStyle',
  data: { ownerId: owner, style: { foreground, background, logo }, now: tuesday },
});
const styleChosen = (
  foreground: string,
  background: string,
  logo: 'none' | 'profile' | 'office' = 'none',
  at = monday,
): ShareEvent => ({
  type: 'QrStyleChosen',
  data: { ownerId: owner, foreground, background, logo, chosenAt: at },
});
const chooseAddress = (slug: string, cardId = 'ABC12345'): ShareCommand => ({
  type: 'ChoosePersonalAddress',
  data: { ownerId: owner, slug, cardId, now: tuesday },
});
const chosen = (slug: string, cardId = 'ABC12345', at = monday): ShareEvent => ({
  type: 'PersonalAddressChosen',
  data: { ownerId: owner, slug, cardId, chosenAt: at },
});
const left = (slug: string, cardId = 'ABC12345'): ShareEvent => ({
  type: 'PersonalAddressLeft',
  data: { ownerId: owner, slug, cardId, redirectsUntil: thirtyDaysAfterTuesday, leftAt: tuesday },
});
const removeAddress: ShareCommand = { type: 'RemovePersonalAddress', data: { ownerId: owner, now: tuesday } };

describe('the QR style', () => {
  it('given the default look, when the owner chooses navy on cream with their logo, then it is recorded', () => {
    spec
      .given()
      .when(chooseStyle('#1e3a8a', '#fffbeb', 'profile'))
      .then([styleChosen('#1e3a8a', '#fffbeb', 'profile', tuesday)]);
  });

  it('given a chosen look, when the owner saves the same one again, then nothing is recorded', () => {
    spec
      .given([styleChosen('#1e3a8a', '#fffbeb')])
      .when(chooseStyle('#1e3a8a', '#fffbeb'))
      .then([]);
  });

  it('given nothing chosen, when the owner saves black on white without a logo (the default), then nothing is recorded', () => {
    spec.given().when(chooseStyle('#000000', '#ffffff')).then([]);
  });
});

describe('the personal address', () => {
  it('given no address, when the owner chooses one, then it opens the chosen card', () => {
    spec
      .given()
      .when(chooseAddress('ayse-yilmaz'))
      .then([chosen('ayse-yilmaz', 'ABC12345', tuesday)]);
  });

  it('given an address, when the owner points it at another card, then only the card changes and nothing is left', () => {
    spec
      .given([chosen('ayse-yilmaz')])
      .when(chooseAddress('ayse-yilmaz', 'XYZ98765'))
      .then([chosen('ayse-yilmaz', 'XYZ98765', tuesday)]);
  });

  it('given an address, when the owner chooses the same one for the same card, then nothing is recorded', () => {
    spec
      .given([chosen('ayse-yilmaz')])
      .when(chooseAddress('ayse-yilmaz'))
      .then([]);
  });

  it('given an address, when the owner chooses another, then the old one is left for 30 days and the new one chosen', () => {
    spec
      .given([chosen('ayse-yilmaz')])
      .when(chooseAddress('ayse-emlak'))
      .then([left('ayse-yilmaz'), chosen('ayse-emlak', 'ABC12345', tuesday)]);
  });

  it('given an address, when the owner removes it, then it is left for 30 days', () => {
    spec
      .given([chosen('ayse-yilmaz')])
      .when(removeAddress)
      .then([left('ayse-yilmaz')]);
  });

  it('given no address, when the owner removes it, then it is refused as not found', () => {
    spec.given().when(removeAddress).thenThrows('not_found', MESSAGES.addressNone);
  });

  it('given an address left and taken back within its 30 days, then the owner holds it again and it is no longer left', () => {
    const state = [chosen('ayse-yilmaz'), left('ayse-yilmaz'), chosen('ayse-yilmaz', 'ABC12345', tuesday)].reduce(
      shareDecider.evolve,
      shareDecider.initialState,
    );
    expect(state.address).toEqual({ slug: 'ayse-yilmaz', cardId: 'ABC12345' });
    expect(state.left).toEqual([]);
  });
});

describe('who holds an address (the claim rule)', () => {
  const state = [chosen('ayse-yilmaz'), left('ayse-yilmaz'), chosen('ayse-emlak', 'ABC12345', tuesday)].reduce(
    shareDecider.evolve,
    shareDecider.initialState,
  );

  it('the current address is held', () => {
    expect(holdsAddress(state, 'ayse-emlak', tuesday)).toBe(true);
  });

  it('a left address is held until its 30 days are over, then free', () => {
    expect(holdsAddress(state, 'ayse-yilmaz', '2026-12-24T10:29:59.999Z')).toBe(true);
    expect(holdsAddress(state, 'ayse-yilmaz', thirtyDaysAfterTuesday)).toBe(false);
  });

  it('an erased owner (the sealed address read as empty) holds nothing', () => {
    const erased = [chosen(''), left('')].reduce(shareDecider.evolve, shareDecider.initialState);
    expect(erased.address).toBeNull();
    expect(holdsAddress(erased, 'ayse-yilmaz', tuesday)).toBe(false);
  });
});
