import { describe, it } from 'vitest';
import { MESSAGES, type CardEvent } from '@kartvizit/schemas';
import { deciderSpecification } from '../core/decider-specification.ts';
import { cardDecider, type ActivateCard, type CreateVirtualCard } from './decider.ts';

const spec = deciderSpecification(cardDecider);
const owner = '5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11';
const stranger = '0b1d6a2e-3c4f-4d5e-8f90-123456789abc';
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T09:30:00.000Z';

const provisioned: CardEvent = {
  type: 'CardProvisioned',
  data: { cardId: 'KV-ABCD2345', type: 'pro', color: 'gold', batchId: 'batch-1', provisionedAt: '2026-11-01T08:00:00.000Z' },
};
const physicalActivated: CardEvent = {
  type: 'CardActivated',
  data: { cardId: 'KV-ABCD2345', ownerId: owner, name: 'Ofis', activatedAt: now },
};
const virtualCreated: CardEvent = {
  type: 'VirtualCardCreated',
  data: { cardId: 'VC-A1B2C3', ownerId: owner, name: 'Sanal Kart', color: 'black', createdAt: now },
};
const virtualActivated: CardEvent = {
  type: 'CardActivated',
  data: { cardId: 'VC-A1B2C3', ownerId: owner, name: 'Sanal Kart', activatedAt: now },
};
const deactivated: CardEvent = { type: 'CardDeactivated', data: { cardId: 'KV-ABCD2345', ownerId: owner, at: later } };

function activate(overrides: Partial<ActivateCard['data']> = {}): ActivateCard {
  return { type: 'ActivateCard', data: { cardId: 'KV-ABCD2345', ownerId: owner, name: 'Ofis', ownerHasProfile: true, now, ...overrides } };
}

function createVirtual(overrides: Partial<CreateVirtualCard['data']> = {}): CreateVirtualCard {
  return {
    type: 'CreateVirtualCard',
    data: { cardId: 'VC-A1B2C3', ownerId: owner, name: 'Sanal Kart', color: 'black', ownerHasProfile: true, now, ...overrides },
  };
}

const ownerCommand = (type: 'DeactivateCard' | 'ReactivateCard' | 'RegenerateCardQr', ownerId = owner, cardId = 'KV-ABCD2345') =>
  ({ type, data: { cardId, ownerId, now: later } }) as const;

describe('card decider', () => {
  describe('provisioning', () => {
    it('a new physical card exists without an owner', () => {
      spec
        .given([])
        .when({ type: 'ProvisionCard', data: { cardId: 'KV-ABCD2345', cardType: 'pro', color: 'gold', batchId: 'batch-1', now: '2026-11-01T08:00:00.000Z' } })
        .then([provisioned]);
    });

    it('an id that is taken is refused, so the tool draws another', () => {
      spec
        .given([provisioned])
        .when({ type: 'ProvisionCard', data: { cardId: 'KV-ABCD2345', cardType: 'basic', color: 'black', batchId: 'batch-2', now } })
        .thenThrows('conflict', MESSAGES.cardIdTaken);
    });
  });

  describe('activating a physical card', () => {
    it('gives it to the owner under a cleaned-up name', () => {
      spec
        .given([provisioned])
        .when(activate({ name: '  Ofis  \t Kartı ' }))
        .then([{ type: 'CardActivated', data: { cardId: 'KV-ABCD2345', ownerId: owner, name: 'Ofis Kartı', activatedAt: now } }]);
    });

    it('an unknown card (no stream) is not found', () => {
      spec.given([]).when(activate()).thenThrows('not_found', MESSAGES.cardNotFoundById);
    });

    it('a card that is already activated is refused, whoever asks', () => {
      spec.given([provisioned, physicalActivated]).when(activate({ ownerId: stranger })).thenThrows('conflict', MESSAGES.cardAlreadyActivated);
      spec.given([provisioned, physicalActivated]).when(activate()).thenThrows('conflict', MESSAGES.cardAlreadyActivated);
    });

    it('a deactivated card counts as activated: the owner reactivates it instead', () => {
      spec.given([provisioned, physicalActivated, deactivated]).when(activate()).thenThrows('conflict', MESSAGES.cardAlreadyActivated);
    });

    it('needs a name', () => {
      spec.given([provisioned]).when(activate({ name: '   ' })).thenThrows('validation', MESSAGES.cardNameRequired);
    });

    it('refuses markup in the name', () => {
      spec.given([provisioned]).when(activate({ name: '<script>alert(1)</script>' })).thenThrows('validation', MESSAGES.cardNameInvalid);
    });

    it('needs a profile first, before the name is looked at', () => {
      spec
        .given([provisioned])
        .when(activate({ ownerHasProfile: false, name: '' }))
        .thenThrows('validation', MESSAGES.cardNeedsProfileToActivate);
    });

    it('an unknown card is reported before a missing profile', () => {
      spec.given([]).when(activate({ ownerHasProfile: false })).thenThrows('not_found', MESSAGES.cardNotFoundById);
    });
  });

  describe('virtual cards', () => {
    it('are created pending, in the default colour the route chose', () => {
      spec.given([]).when(createVirtual({ name: ' Sanal  Kart ' })).then([virtualCreated]);
    });

    it('a taken id is a conflict', () => {
      spec.given([virtualCreated]).when(createVirtual({ ownerId: stranger })).thenThrows('conflict', MESSAGES.cardIdTaken);
      spec.given([provisioned]).when(createVirtual({ cardId: 'KV-ABCD2345' })).thenThrows('conflict', MESSAGES.cardIdTaken);
    });

    it('need a profile', () => {
      spec.given([]).when(createVirtual({ ownerHasProfile: false })).thenThrows('validation', MESSAGES.cardNeedsProfileToCreate);
    });

    it('need a name, with the virtual card wording', () => {
      spec.given([]).when(createVirtual({ name: '' })).thenThrows('validation', MESSAGES.cardVirtualNameRequired);
    });

    it('are activated by their owner in the second call', () => {
      spec
        .given([virtualCreated])
        .when(activate({ cardId: 'VC-A1B2C3', name: 'Sanal Kart' }))
        .then([virtualActivated]);
    });

    it("someone else's virtual card is not found, never 'already activated'", () => {
      spec.given([virtualCreated]).when(activate({ cardId: 'VC-A1B2C3', ownerId: stranger })).thenThrows('not_found', MESSAGES.cardNotFoundById);
      spec
        .given([virtualCreated, virtualActivated])
        .when(activate({ cardId: 'VC-A1B2C3', ownerId: stranger }))
        .thenThrows('not_found', MESSAGES.cardNotFoundById);
    });

    it('activating with an empty name uses the virtual card wording', () => {
      spec.given([virtualCreated]).when(activate({ cardId: 'VC-A1B2C3', name: ' ' })).thenThrows('validation', MESSAGES.cardVirtualNameRequired);
    });
  });

  describe('deactivating and reactivating', () => {
    it('an active card is deactivated, then reactivated', () => {
      spec.given([provisioned, physicalActivated]).when(ownerCommand('DeactivateCard')).then([deactivated]);
      spec
        .given([provisioned, physicalActivated, deactivated])
        .when(ownerCommand('ReactivateCard'))
        .then([{ type: 'CardReactivated', data: { cardId: 'KV-ABCD2345', ownerId: owner, at: later } }]);
    });

    it('deactivating twice is refused', () => {
      spec.given([provisioned, physicalActivated, deactivated]).when(ownerCommand('DeactivateCard')).thenThrows('conflict', MESSAGES.cardAlreadyDeactivated);
    });

    it('reactivating an active card is refused', () => {
      spec.given([provisioned, physicalActivated]).when(ownerCommand('ReactivateCard')).thenThrows('conflict', MESSAGES.cardAlreadyActive);
    });

    it('a card that was never activated can be neither', () => {
      spec.given([virtualCreated]).when(ownerCommand('DeactivateCard', owner, 'VC-A1B2C3')).thenThrows('conflict', MESSAGES.cardNotActivatedYet);
      spec.given([virtualCreated]).when(ownerCommand('ReactivateCard', owner, 'VC-A1B2C3')).thenThrows('conflict', MESSAGES.cardNotActivatedYet);
    });

    it("another owner's card, an unowned card and an unknown card all read as not found", () => {
      for (const type of ['DeactivateCard', 'ReactivateCard'] as const) {
        spec.given([provisioned, physicalActivated]).when(ownerCommand(type, stranger)).thenThrows('not_found', MESSAGES.cardNotFound);
        spec.given([provisioned]).when(ownerCommand(type)).thenThrows('not_found', MESSAGES.cardNotFound);
        spec.given([]).when(ownerCommand(type)).thenThrows('not_found', MESSAGES.cardNotFound);
      }
    });
  });

  describe('regenerating the QR code', () => {
    it('moves the QR to the next version, whatever the card state', () => {
      spec
        .given([provisioned, physicalActivated, deactivated])
        .when(ownerCommand('RegenerateCardQr'))
        .then([{ type: 'CardQrRegenerated', data: { cardId: 'KV-ABCD2345', ownerId: owner, qrVersion: 2, at: later } }]);
      spec
        .given([provisioned, physicalActivated, { type: 'CardQrRegenerated', data: { cardId: 'KV-ABCD2345', ownerId: owner, qrVersion: 2, at: later } }])
        .when(ownerCommand('RegenerateCardQr'))
        .then([{ type: 'CardQrRegenerated', data: { cardId: 'KV-ABCD2345', ownerId: owner, qrVersion: 3, at: later } }]);
    });

    it("on a card the owner does not own is not found", () => {
      spec.given([provisioned, physicalActivated]).when(ownerCommand('RegenerateCardQr', stranger)).thenThrows('not_found', MESSAGES.cardNotFound);
      spec.given([provisioned]).when(ownerCommand('RegenerateCardQr')).thenThrows('not_found', MESSAGES.cardNotFound);
    });
  });

  describe('evolving', () => {
    it('never throws on events without a card (history is a fact)', () => {
      spec.given([deactivated]).when(activate()).thenThrows('not_found', MESSAGES.cardNotFoundById);
    });
  });
});
