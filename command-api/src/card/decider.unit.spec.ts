import { describe, expect, it } from 'vitest';
import { MESSAGES, type CardEvent } from '@kartvizit/schemas';
import { deciderSpecification } from '@kartvizit/infra/commands/decider-specification';
import { personWithId, type Person } from '@kartvizit/schemas/access';
import {
  cardDecider,
  returnedOnLeaving,
  type ActivateCard,
  type CardCommand,
  type CardState,
  type CreateVirtualCard,
} from './decider.ts';

const spec = deciderSpecification(cardDecider);
const owner = '5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11';
const stranger = '0b1d6a2e-3c4f-4d5e-8f90-123456789abc';
const ownerPerson = personWithId(owner);
const strangerPerson = personWithId(stranger);
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T09:30:00.000Z';

const provisioned: CardEvent = {
  type: 'CardProvisioned',
  data: {
    cardId: 'KV-ABCD2345',
    type: 'pro',
    color: 'gold',
    batchId: 'batch-1',
    provisionedAt: '2026-11-01T08:00:00.000Z',
  },
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
  return {
    type: 'ActivateCard',
    data: { cardId: 'KV-ABCD2345', person: ownerPerson, name: 'Ofis', ownerHasProfile: true, now, ...overrides },
  };
}

function createVirtual(overrides: Partial<CreateVirtualCard['data']> = {}): CreateVirtualCard {
  return {
    type: 'CreateVirtualCard',
    data: {
      cardId: 'VC-A1B2C3',
      person: ownerPerson,
      name: 'Sanal Kart',
      color: 'black',
      ownerHasProfile: true,
      now,
      ...overrides,
    },
  };
}

type OwnerCommandType = 'DeactivateCard' | 'ReactivateCard' | 'RegenerateCardQr';
const ownerCommand = (type: OwnerCommandType, person: Person = ownerPerson, cardId = 'KV-ABCD2345'): CardCommand => ({
  type,
  data: { cardId, person, now: later },
});

describe('card decider', () => {
  describe('provisioning', () => {
    it('a new physical card exists without an owner', () => {
      spec
        .given([])
        .when({
          type: 'ProvisionCard',
          data: {
            cardId: 'KV-ABCD2345',
            cardType: 'pro',
            color: 'gold',
            batchId: 'batch-1',
            now: '2026-11-01T08:00:00.000Z',
            officeId: null,
          },
        })
        .then([provisioned]);
    });

    it('an id that is taken is refused, so the tool draws another', () => {
      spec
        .given([provisioned])
        .when({
          type: 'ProvisionCard',
          data: { cardId: 'KV-ABCD2345', cardType: 'basic', color: 'black', batchId: 'batch-2', now, officeId: null },
        })
        .thenThrows('conflict', MESSAGES.cardIdTaken);
    });
  });

  describe('activating a physical card', () => {
    it('gives it to the owner under a cleaned-up name', () => {
      spec
        .given([provisioned])
        .when(activate({ name: '  Ofis  \t Kartı ' }))
        .then([
          {
            type: 'CardActivated',
            data: { cardId: 'KV-ABCD2345', ownerId: owner, name: 'Ofis Kartı', activatedAt: now },
          },
        ]);
    });

    it('an unknown card (no stream) is not found', () => {
      spec.given([]).when(activate()).thenThrows('not_found', MESSAGES.cardNotFoundById);
    });

    it('a card that is already activated is refused, whoever asks', () => {
      spec
        .given([provisioned, physicalActivated])
        .when(activate({ person: strangerPerson }))
        .thenThrows('conflict', MESSAGES.cardAlreadyActivated);
      spec
        .given([provisioned, physicalActivated])
        .when(activate())
        .thenThrows('conflict', MESSAGES.cardAlreadyActivated);
    });

    it('a deactivated card counts as activated: the owner reactivates it instead', () => {
      spec
        .given([provisioned, physicalActivated, deactivated])
        .when(activate())
        .thenThrows('conflict', MESSAGES.cardAlreadyActivated);
    });

    it('needs a name', () => {
      spec
        .given([provisioned])
        .when(activate({ name: '   ' }))
        .thenThrows('validation', MESSAGES.cardNameRequired);
    });

    it('refuses markup in the name', () => {
      spec
        .given([provisioned])
        .when(activate({ name: '<script>alert(1)</script>' }))
        .thenThrows('validation', MESSAGES.cardNameInvalid);
    });

    it('needs a profile first, before the name is looked at', () => {
      spec
        .given([provisioned])
        .when(activate({ ownerHasProfile: false, name: '' }))
        .thenThrows('validation', MESSAGES.cardNeedsProfileToActivate);
    });

    it('an unknown card is reported before a missing profile', () => {
      spec
        .given([])
        .when(activate({ ownerHasProfile: false }))
        .thenThrows('not_found', MESSAGES.cardNotFoundById);
    });
  });

  describe('virtual cards', () => {
    it('are created pending, in the default colour the route chose', () => {
      spec
        .given([])
        .when(createVirtual({ name: ' Sanal  Kart ' }))
        .then([virtualCreated]);
    });

    it('a taken id is a conflict', () => {
      spec
        .given([virtualCreated])
        .when(createVirtual({ person: strangerPerson }))
        .thenThrows('conflict', MESSAGES.cardIdTaken);
      spec
        .given([provisioned])
        .when(createVirtual({ cardId: 'KV-ABCD2345' }))
        .thenThrows('conflict', MESSAGES.cardIdTaken);
    });

    it('need a profile', () => {
      spec
        .given([])
        .when(createVirtual({ ownerHasProfile: false }))
        .thenThrows('validation', MESSAGES.cardNeedsProfileToCreate);
    });

    it('need a name, with the virtual card wording', () => {
      spec
        .given([])
        .when(createVirtual({ name: '' }))
        .thenThrows('validation', MESSAGES.cardVirtualNameRequired);
    });

    it('are activated by their owner in the second call', () => {
      spec
        .given([virtualCreated])
        .when(activate({ cardId: 'VC-A1B2C3', name: 'Sanal Kart' }))
        .then([virtualActivated]);
    });

    it("someone else's virtual card is not found, never 'already activated'", () => {
      spec
        .given([virtualCreated])
        .when(activate({ cardId: 'VC-A1B2C3', person: strangerPerson }))
        .thenThrows('not_found', MESSAGES.cardNotFoundById);
      spec
        .given([virtualCreated, virtualActivated])
        .when(activate({ cardId: 'VC-A1B2C3', person: strangerPerson }))
        .thenThrows('not_found', MESSAGES.cardNotFoundById);
    });

    it('activating with an empty name uses the virtual card wording', () => {
      spec
        .given([virtualCreated])
        .when(activate({ cardId: 'VC-A1B2C3', name: ' ' }))
        .thenThrows('validation', MESSAGES.cardVirtualNameRequired);
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
      spec
        .given([provisioned, physicalActivated, deactivated])
        .when(ownerCommand('DeactivateCard'))
        .thenThrows('conflict', MESSAGES.cardAlreadyDeactivated);
    });

    it('reactivating an active card is refused', () => {
      spec
        .given([provisioned, physicalActivated])
        .when(ownerCommand('ReactivateCard'))
        .thenThrows('conflict', MESSAGES.cardAlreadyActive);
    });

    it('a card that was never activated can be neither', () => {
      spec
        .given([virtualCreated])
        .when(ownerCommand('DeactivateCard', ownerPerson, 'VC-A1B2C3'))
        .thenThrows('conflict', MESSAGES.cardNotActivatedYet);
      spec
        .given([virtualCreated])
        .when(ownerCommand('ReactivateCard', ownerPerson, 'VC-A1B2C3'))
        .thenThrows('conflict', MESSAGES.cardNotActivatedYet);
    });

    it("another owner's card, an unowned card and an unknown card all read as not found", () => {
      for (const type of ['DeactivateCard', 'ReactivateCard'] as const) {
        spec
          .given([provisioned, physicalActivated])
          .when(ownerCommand(type, strangerPerson))
          .thenThrows('not_found', MESSAGES.cardNotFound);
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
        .then([
          { type: 'CardQrRegenerated', data: { cardId: 'KV-ABCD2345', ownerId: owner, qrVersion: 2, at: later } },
        ]);
      spec
        .given([
          provisioned,
          physicalActivated,
          { type: 'CardQrRegenerated', data: { cardId: 'KV-ABCD2345', ownerId: owner, qrVersion: 2, at: later } },
        ])
        .when(ownerCommand('RegenerateCardQr'))
        .then([
          { type: 'CardQrRegenerated', data: { cardId: 'KV-ABCD2345', ownerId: owner, qrVersion: 3, at: later } },
        ]);
    });

    it('on a card the owner does not own is not found', () => {
      spec
        .given([provisioned, physicalActivated])
        .when(ownerCommand('RegenerateCardQr', strangerPerson))
        .thenThrows('not_found', MESSAGES.cardNotFound);
      spec.given([provisioned]).when(ownerCommand('RegenerateCardQr')).thenThrows('not_found', MESSAGES.cardNotFound);
    });
  });

  describe('the cards of an office', () => {
    const officeId = '7a1e0c5d-2b3f-4c6d-8e9f-0a1b2c3d4e5f';
    const otherOfficeId = '9b8c7d6e-5f4a-4b3c-9d2e-1f0a9b8c7d6e';
    const adminId = '11111111-2222-4333-8444-555555555555';
    const agentAId = 'aaaaaaaa-1111-4222-8333-444444444444';
    const agentBId = 'bbbbbbbb-1111-4222-8333-444444444444';
    const admin: Person = { id: adminId, office: { officeId, role: 'admin' } };
    const agentA: Person = { id: agentAId, office: { officeId, role: 'agent' } };
    const agentB: Person = { id: agentBId, office: { officeId, role: 'agent' } };
    /** Agent A after leaving the office: the same account, no office. */
    const agentAGone: Person = personWithId(agentAId);
    const otherAdmin: Person = { id: stranger, office: { officeId: otherOfficeId, role: 'admin' } };
    const pool = 'KV-OFIS2345';
    const poolProvisioned: CardEvent = {
      type: 'CardProvisioned',
      data: { cardId: pool, type: 'basic', color: 'black', batchId: 'ofis-1', provisionedAt: now, officeId },
    };
    const officeVirtual: CardEvent = {
      type: 'OfficeCardCreated',
      data: { cardId: 'VC-OF1234', officeId, color: 'gold', createdAt: now },
    };
    const assignedToA: CardEvent = {
      type: 'CardAssigned',
      data: { cardId: pool, officeId, holderId: agentAId, assignedBy: adminId, at: now },
    };
    const returnedFromA: CardEvent = {
      type: 'CardReturned',
      data: { cardId: pool, officeId, formerHolderId: agentAId, by: adminId, at: later },
    };
    const assign = (
      person: Person,
      holderId = agentAId,
      holderOfficeId: string | null = officeId,
      cardId = pool,
    ): CardCommand => ({
      type: 'AssignCard',
      data: { cardId, person, holderId, holderOfficeId, now },
    });
    const giveBack = (person: Person, cardId = pool): CardCommand => ({
      type: 'ReturnCard',
      data: { cardId, person, now: later },
    });
    const createOfficeCard = (person: Person): CardCommand => ({
      type: 'CreateOfficeCard',
      data: { cardId: 'VC-OF1234', person, color: 'gold', now },
    });

    describe('provisioning for the pool', () => {
      it("a card provisioned for an office carries the office's id", () => {
        spec
          .given([])
          .when({
            type: 'ProvisionCard',
            data: { cardId: pool, cardType: 'basic', color: 'black', batchId: 'ofis-1', now, officeId },
          })
          .then([poolProvisioned]);
      });
    });

    describe('activating', () => {
      it("a member activates the office's pool card: it becomes theirs, and stays the office's", () => {
        spec
          .given([poolProvisioned])
          .when(activate({ cardId: pool, person: agentA, name: 'Ofis Kartım' }))
          .then([
            {
              type: 'CardActivated',
              data: { cardId: pool, ownerId: agentAId, name: 'Ofis Kartım', activatedAt: now, officeId },
            },
          ]);
      });

      it('someone outside the office hears that no such card exists, in another office or in none', () => {
        spec
          .given([poolProvisioned])
          .when(activate({ cardId: pool, person: otherAdmin }))
          .thenThrows('not_found', MESSAGES.cardNotFoundById);
        spec
          .given([poolProvisioned])
          .when(activate({ cardId: pool, person: strangerPerson }))
          .thenThrows('not_found', MESSAGES.cardNotFoundById);
        spec
          .given([poolProvisioned])
          .when(activate({ cardId: pool, person: agentAGone }))
          .thenThrows('not_found', MESSAGES.cardNotFoundById);
      });

      it("a card already activated by a member reads as not found to an outsider, not as 'already activated'", () => {
        spec
          .given([poolProvisioned, assignedToA])
          .when(activate({ cardId: pool, person: strangerPerson }))
          .thenThrows('not_found', MESSAGES.cardNotFoundById);
      });

      it("a personal unclaimed card activated by a person in an office becomes the office's", () => {
        spec
          .given([provisioned])
          .when(activate({ person: agentA }))
          .then([
            {
              type: 'CardActivated',
              data: { cardId: 'KV-ABCD2345', ownerId: agentAId, name: 'Ofis', activatedAt: now, officeId },
            },
          ]);
      });

      it("a virtual card created by a person in an office is the office's", () => {
        spec
          .given([])
          .when(createVirtual({ person: agentA }))
          .then([
            {
              type: 'VirtualCardCreated',
              data: {
                cardId: 'VC-A1B2C3',
                ownerId: agentAId,
                name: 'Sanal Kart',
                color: 'black',
                createdAt: now,
                officeId,
              },
            },
          ]);
      });

      it("an office's virtual pool card is activated by an admin, never by an agent", () => {
        spec
          .given([officeVirtual])
          .when(activate({ cardId: 'VC-OF1234', person: admin, name: 'Vitrin' }))
          .then([
            {
              type: 'CardActivated',
              data: { cardId: 'VC-OF1234', ownerId: adminId, name: 'Vitrin', activatedAt: now, officeId },
            },
          ]);
        spec
          .given([officeVirtual])
          .when(activate({ cardId: 'VC-OF1234', person: agentA }))
          .thenThrows('not_found', MESSAGES.cardNotFoundById);
      });

      it('a returned pool card may be activated again by a member', () => {
        spec
          .given([poolProvisioned, assignedToA, returnedFromA])
          .when(activate({ cardId: pool, person: agentB, name: 'Yeni Kart' }))
          .then([
            {
              type: 'CardActivated',
              data: { cardId: pool, ownerId: agentBId, name: 'Yeni Kart', activatedAt: now, officeId },
            },
          ]);
      });
    });

    describe('creating an office card', () => {
      it("an admin makes a virtual card for the office's pool", () => {
        spec.given([]).when(createOfficeCard(admin)).then([officeVirtual]);
      });

      it('an agent, and a person in no office, cannot', () => {
        spec.given([]).when(createOfficeCard(agentA)).thenThrows('not_found', MESSAGES.officeNotFound);
        spec.given([]).when(createOfficeCard(strangerPerson)).thenThrows('not_found', MESSAGES.officeNotFound);
      });

      it('a taken id is a conflict, so the route draws another', () => {
        spec
          .given([virtualCreated])
          .when({ type: 'CreateOfficeCard', data: { cardId: 'VC-A1B2C3', person: admin, color: 'gold', now } })
          .thenThrows('conflict', MESSAGES.cardIdTaken);
      });
    });

    describe('assigning', () => {
      it('an admin gives a pool card to a member: its name is its id', () => {
        spec.given([poolProvisioned]).when(assign(admin)).then([assignedToA]);
        spec
          .given([officeVirtual])
          .when(assign(admin, agentBId, officeId, 'VC-OF1234'))
          .then([
            {
              type: 'CardAssigned',
              data: { cardId: 'VC-OF1234', officeId, holderId: agentBId, assignedBy: adminId, at: now },
            },
          ]);
      });

      it('an admin may give a card to themselves', () => {
        spec
          .given([poolProvisioned])
          .when(assign(admin, adminId))
          .then([
            { type: 'CardAssigned', data: { cardId: pool, officeId, holderId: adminId, assignedBy: adminId, at: now } },
          ]);
      });

      it('only a card in the pool: a held card is taken back first', () => {
        spec
          .given([poolProvisioned, assignedToA])
          .when(assign(admin, agentBId))
          .thenThrows('conflict', MESSAGES.officeCardNotInPool);
      });

      it('a returned card is in the pool again', () => {
        spec
          .given([poolProvisioned, assignedToA, returnedFromA])
          .when(assign(admin, agentBId))
          .then([
            {
              type: 'CardAssigned',
              data: { cardId: pool, officeId, holderId: agentBId, assignedBy: adminId, at: now },
            },
          ]);
      });

      it('only to a member of that office', () => {
        spec
          .given([poolProvisioned])
          .when(assign(admin, stranger, otherOfficeId))
          .thenThrows('not_found', MESSAGES.officeHolderNotMember);
        spec
          .given([poolProvisioned])
          .when(assign(admin, stranger, null))
          .thenThrows('not_found', MESSAGES.officeHolderNotMember);
      });

      it("only by an admin of the card's office: an agent, another office's admin and a person in none hear 'not found'", () => {
        for (const person of [agentA, otherAdmin, strangerPerson]) {
          spec.given([poolProvisioned]).when(assign(person)).thenThrows('not_found', MESSAGES.cardNotFound);
        }
      });

      it("a card of no office, and an unknown card, are not the office's to give", () => {
        spec
          .given([provisioned])
          .when(assign(admin, agentAId, officeId, 'KV-ABCD2345'))
          .thenThrows('not_found', MESSAGES.cardNotFound);
        spec.given([]).when(assign(admin)).thenThrows('not_found', MESSAGES.cardNotFound);
      });
    });

    describe('taking back', () => {
      it('an admin takes a held card back into the pool', () => {
        spec.given([poolProvisioned, assignedToA]).when(giveBack(admin)).then([returnedFromA]);
      });

      it('a card a member activated themselves goes back too', () => {
        spec
          .given([
            provisioned,
            {
              type: 'CardActivated',
              data: { cardId: 'KV-ABCD2345', ownerId: agentAId, name: 'Ofis', activatedAt: now, officeId },
            },
          ])
          .when(giveBack(admin, 'KV-ABCD2345'))
          .then([
            {
              type: 'CardReturned',
              data: { cardId: 'KV-ABCD2345', officeId, formerHolderId: agentAId, by: adminId, at: later },
            },
          ]);
      });

      it('only a held card: one in the pool is refused', () => {
        spec.given([poolProvisioned]).when(giveBack(admin)).thenThrows('conflict', MESSAGES.officeCardNotHeld);
        spec
          .given([poolProvisioned, assignedToA, returnedFromA])
          .when(giveBack(admin))
          .thenThrows('conflict', MESSAGES.officeCardNotHeld);
      });

      it('only by an admin: its own holder, another agent and outsiders hear not found', () => {
        for (const person of [agentA, agentB, otherAdmin, strangerPerson]) {
          spec
            .given([poolProvisioned, assignedToA])
            .when(giveBack(person))
            .thenThrows('not_found', MESSAGES.cardNotFound);
        }
      });

      it("a personal card is never the office's to take", () => {
        spec
          .given([provisioned, physicalActivated])
          .when(giveBack(admin, 'KV-ABCD2345'))
          .thenThrows('not_found', MESSAGES.cardNotFound);
      });
    });

    describe('using an office card', () => {
      const held = [poolProvisioned, assignedToA];

      it('the agent who holds it deactivates, reactivates it and regenerates its QR', () => {
        spec
          .given(held)
          .when(ownerCommand('DeactivateCard', agentA, pool))
          .then([{ type: 'CardDeactivated', data: { cardId: pool, ownerId: agentAId, at: later } }]);
        spec
          .given([...held, { type: 'CardDeactivated', data: { cardId: pool, ownerId: agentAId, at: later } }])
          .when(ownerCommand('ReactivateCard', agentA, pool))
          .then([{ type: 'CardReactivated', data: { cardId: pool, ownerId: agentAId, at: later } }]);
        spec
          .given(held)
          .when(ownerCommand('RegenerateCardQr', agentA, pool))
          .then([{ type: 'CardQrRegenerated', data: { cardId: pool, ownerId: agentAId, qrVersion: 2, at: later } }]);
      });

      it('an admin may too: the event still names the holder', () => {
        spec
          .given(held)
          .when(ownerCommand('DeactivateCard', admin, pool))
          .then([{ type: 'CardDeactivated', data: { cardId: pool, ownerId: agentAId, at: later } }]);
      });

      it("another member's card, and another office's, are not found", () => {
        for (const type of ['DeactivateCard', 'ReactivateCard', 'RegenerateCardQr'] as const) {
          spec
            .given(held)
            .when(ownerCommand(type, agentB, pool))
            .thenThrows('not_found', MESSAGES.cardNotFound);
          spec
            .given(held)
            .when(ownerCommand(type, otherAdmin, pool))
            .thenThrows('not_found', MESSAGES.cardNotFound);
        }
      });

      it('someone who left may not touch the card they held, even before it is back in the pool', () => {
        for (const type of ['DeactivateCard', 'ReactivateCard', 'RegenerateCardQr'] as const) {
          spec
            .given(held)
            .when(ownerCommand(type, agentAGone, pool))
            .thenThrows('not_found', MESSAGES.cardNotFound);
        }
      });

      it('a card in the pool is nobody’s to deactivate', () => {
        spec
          .given([poolProvisioned])
          .when(ownerCommand('DeactivateCard', admin, pool))
          .thenThrows('not_found', MESSAGES.cardNotFound);
        spec
          .given([...held, returnedFromA])
          .when(ownerCommand('DeactivateCard', agentA, pool))
          .thenThrows('not_found', MESSAGES.cardNotFound);
      });
    });

    describe('a member leaving', () => {
      const stateOf = (events: readonly CardEvent[]): CardState =>
        events.reduce(cardDecider.evolve, cardDecider.initialState);

      it("returns the office's card they hold", () => {
        expect(returnedOnLeaving(stateOf([poolProvisioned, assignedToA]), officeId, adminId, later)).toEqual(
          returnedFromA,
        );
      });

      it("returns nothing of another office's card, a pool card or a card nobody knows", () => {
        expect(returnedOnLeaving(stateOf([poolProvisioned, assignedToA]), otherOfficeId, adminId, later)).toBeNull();
        expect(returnedOnLeaving(stateOf([poolProvisioned]), officeId, adminId, later)).toBeNull();
        expect(
          returnedOnLeaving(stateOf([poolProvisioned, assignedToA, returnedFromA]), officeId, adminId, later),
        ).toBeNull();
        expect(returnedOnLeaving(stateOf([]), officeId, adminId, later)).toBeNull();
      });

      it('leaves their personal cards alone', () => {
        expect(returnedOnLeaving(stateOf([provisioned, physicalActivated]), officeId, owner, later)).toBeNull();
      });

      it('a returned card is in the pool: unclaimed, held by nobody, same id, nameless', () => {
        expect(stateOf([poolProvisioned, assignedToA, returnedFromA])).toMatchObject({
          status: 'unclaimed',
          cardId: pool,
          ownerId: null,
          name: null,
          officeId,
        });
      });

      it('an assigned card is active under its id, since it was given', () => {
        expect(stateOf([poolProvisioned, assignedToA])).toMatchObject({
          status: 'active',
          ownerId: agentAId,
          name: pool,
          activatedAt: now,
        });
      });
    });
  });

  describe('evolving', () => {
    it('never throws on events without a card (history is a fact)', () => {
      spec.given([deactivated]).when(activate()).thenThrows('not_found', MESSAGES.cardNotFoundById);
    });
  });
});
