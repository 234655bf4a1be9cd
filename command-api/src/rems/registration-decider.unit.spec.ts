import { describe, expect, it } from 'vitest';
import {
  DEMO_OWNER_ID,
  DomainError,
  MESSAGES,
  type RemsRegistrationEvent,
  type RemsRegistrationRequested,
} from '@kartvizit/schemas';
import { personWithId } from '@kartvizit/schemas/access';
import { deciderSpecification } from '@kartvizit/infra/commands/decider-specification';
import {
  leadOfRegistration,
  remsRegistrationDecider,
  type RemsRegistrationCommand,
  type RequestRemsRegistration,
} from './registration-decider.ts';

const spec = deciderSpecification(remsRegistrationDecider);
const owner = '5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11';
const registrationId = '0d9c7b1a-2e3f-4a5b-8c6d-7e8f9a0b1c2d';
const now = '2026-11-24T10:30:00.000Z';

const request = (overrides: Partial<RequestRemsRegistration['data']> = {}): RemsRegistrationCommand => ({
  type: 'RequestRemsRegistration',
  data: {
    registrationId,
    cardId: 'VC-ABC123',
    cardOwnerId: owner.toUpperCase(),
    card: { active: true, ownerId: owner },
    ownerHasKey: true,
    input: {
      firstName: ' Çağrı ',
      lastName: 'Öztürk',
      phoneNumber: '+90 (532) 123 45 67',
      customerType: 'LANDLORD',
      email: '',
      province: '34',
      district: 'Kadıköy',
      address: null,
      notes: 'Satılık daire\r\nhakkında',
    },
    formToken: 'ok',
    marketingConsent: true,
    noticeVersion: '2026-01',
    productId: null,
    listingActive: false,
    now,
    ...overrides,
  },
});

const requested: RemsRegistrationRequested = {
  type: 'RemsRegistrationRequested',
  data: {
    registrationId,
    ownerId: owner,
    cardId: 'VC-ABC123',
    firstName: 'Çağrı',
    lastName: 'Öztürk',
    phoneNumber: '5321234567',
    customerType: 'LANDLORD',
    email: null,
    province: '34',
    provinceName: 'İstanbul',
    district: 'Kadıköy',
    districtName: 'Kadıköy',
    address: null,
    notes: 'Satılık daire\nhakkında',
    marketingConsent: true,
    noticeVersion: '2026-01',
    requestedAt: now,
    productId: null,
  },
};

describe('a REMS registration', () => {
  it('given nothing, when a visitor sends a valid form to a card whose owner has a key, then it is requested, normalised', () => {
    spec.given().when(request()).then([requested]);
  });

  it('given a form with problems, then the first in the form order is answered on its field', () => {
    spec
      .given()
      .when(request({ input: { firstName: '', phoneNumber: '12' } }))
      .thenThrows('validation', MESSAGES.remsFirstNameRequired);
  });

  it("given a bot's token (too fast, not ours), then nothing is recorded and nothing is said", () => {
    spec
      .given()
      .when(request({ formToken: 'too-fast' }))
      .then([]);
    spec
      .given()
      .when(request({ formToken: 'invalid' }))
      .then([]);
  });

  it('given an expired or future token, then it is refused openly', () => {
    spec
      .given()
      .when(request({ formToken: 'expired' }))
      .thenThrows('validation', MESSAGES.leadFormExpired);
    spec
      .given()
      .when(request({ formToken: 'future' }))
      .thenThrows('validation', MESSAGES.leadFormInvalid);
  });

  it("given an inactive card, or another owner named, then 'Profil bulunamadı'", () => {
    spec
      .given()
      .when(request({ card: { active: false, ownerId: owner } }))
      .thenThrows('not_found', MESSAGES.cardPublicProfileNotFound);
    spec
      .given()
      .when(request({ cardOwnerId: '00000000-0000-4000-8000-000000000001' }))
      .thenThrows('not_found', MESSAGES.cardPublicProfileNotFound);
  });

  it('given an owner without a key in force, then 404 in Turkish; the sample card takes nothing', () => {
    spec
      .given()
      .when(request({ ownerHasKey: false }))
      .thenThrows('not_found', MESSAGES.remsRegistrationUnavailable);
    spec
      .given()
      .when(request({ card: { active: true, ownerId: DEMO_OWNER_ID }, cardOwnerId: DEMO_OWNER_ID }))
      .thenThrows('forbidden', MESSAGES.demoCardTakesNoLeads);
  });

  describe('sent from a listing (issue 33)', () => {
    const listing = '9b2f4c6d-8e1a-4b3c-9d5e-6f7a8b9c0d1e';

    function refusal(command: RemsRegistrationCommand): DomainError {
      try {
        remsRegistrationDecider.decide(command, remsRegistrationDecider.initialState);
      } catch (error) {
        if (error instanceof DomainError) return error;
        throw error;
      }
      throw new Error('not refused');
    }

    it('given an active listing of the owner, when a visitor sends the form from it, then the registration names it', () => {
      spec
        .given()
        .when(request({ productId: listing, listingActive: true }))
        .then([{ ...requested, data: { ...requested.data, productId: listing } }]);
    });

    it("given no listing (the card's own form), then the registration names none, whatever the look-up said", () => {
      spec
        .given()
        .when(request({ productId: null, listingActive: true }))
        .then([requested]);
    });

    it("given a listing that is not the owner's active one, then 'İlan bulunamadı' on productId and nothing recorded", () => {
      spec
        .given()
        .when(request({ productId: listing, listingActive: false }))
        .thenThrows('validation', MESSAGES.remsListingNotFound);
      expect(refusal(request({ productId: listing, listingActive: false })).field).toBe('productId');
    });

    it("given an id that is no UUID, then 'İlan bulunamadı' with the form's own problems, before the token", () => {
      for (const productId of ['ilan-42', `${listing}x`, '42']) {
        expect(refusal(request({ productId, listingActive: true, formToken: 'too-fast' }))).toMatchObject({
          kind: 'validation',
          message: MESSAGES.remsListingNotFound,
          field: 'productId',
        });
      }
      // The form's own fields come first.
      spec
        .given()
        .when(request({ productId: 'ilan-42', input: { firstName: '' } }))
        .thenThrows('validation', MESSAGES.remsFirstNameRequired);
    });

    it('given a listing, then a bot is still dropped silently, and a card or owner that takes nothing says so first', () => {
      spec
        .given()
        .when(request({ productId: listing, formToken: 'too-fast' }))
        .then([]);
      spec
        .given()
        .when(request({ productId: listing, ownerHasKey: false }))
        .thenThrows('not_found', MESSAGES.remsRegistrationUnavailable);
      spec
        .given()
        .when(request({ productId: listing, card: { active: false, ownerId: owner } }))
        .thenThrows('not_found', MESSAGES.cardPublicProfileNotFound);
    });
  });

  it('given a registration already requested (the same id again), then a conflict', () => {
    const history: RemsRegistrationEvent[] = [requested];
    spec.given(history).when(request()).thenThrows('conflict');
  });
});

describe("the registration's lead", () => {
  it("opens with 'Görüşme Planla' and the interest in Turkish, then the place and the notes, under the same id", () => {
    expect(leadOfRegistration(requested)).toEqual({
      type: 'LeadSubmitted',
      data: {
        leadId: registrationId,
        ownerId: owner,
        cardId: 'VC-ABC123',
        fullName: 'Çağrı Öztürk',
        phone: '+905321234567',
        email: '',
        message: 'Görüşme Planla: Ev Sahibi\nKonum: Kadıköy, İstanbul\nNot: Satılık daire\nhakkında',
        marketingConsent: true,
        noticeVersion: '2026-01',
        submittedAt: now,
      },
    });
  });

  it("keeps within the lead's 1000 characters", () => {
    const long = leadOfRegistration({
      ...requested,
      data: { ...requested.data, address: 'a'.repeat(500), notes: 'n'.repeat(1000) },
    });
    expect([...long.data.message]).toHaveLength(1000);
    expect(long.data.message.endsWith('…')).toBe(true);
  });
});

describe('retrying a REMS registration', () => {
  const retry = (
    overrides: Partial<Extract<RemsRegistrationCommand, { type: 'RetryRemsRegistration' }>['data']> = {},
  ): RemsRegistrationCommand => ({
    type: 'RetryRemsRegistration',
    data: { registrationId, person: personWithId(owner), keyInForce: true, visitorErased: false, now, ...overrides },
  });
  const failedFor = (reason: 'rejected' | 'key_removed'): RemsRegistrationEvent => ({
    type: 'RemsRegistrationFailed',
    data: { registrationId, ownerId: owner, reason, message: null, failedAt: now },
  });
  const delivered: RemsRegistrationEvent = {
    type: 'RemsCustomerDelivered',
    data: { registrationId, ownerId: owner, remsCustomerId: 'cus_1', deliveredAt: now },
  };

  it('given a failed registration, when its owner retries with a key in force, then it is sent again', () => {
    spec
      .given([requested, failedFor('rejected')])
      .when(retry())
      .then([
        {
          type: 'RemsRegistrationRetried',
          data: { registrationId, ownerId: owner, after: 'rejected', retriedAt: now },
        },
      ]);
  });

  it('given a failed registration, when another owner retries it, then it is unknown to them', () => {
    spec
      .given([requested, failedFor('rejected')])
      .when(retry({ person: personWithId(DEMO_OWNER_ID) }))
      .thenThrows('not_found', MESSAGES.remsRegistrationNotFound);
  });

  it('given a failed registration whose lead was deleted, when retried, then it is unknown', () => {
    spec
      .given([requested, failedFor('rejected')])
      .when(retry({ visitorErased: true }))
      .thenThrows('not_found', MESSAGES.remsRegistrationNotFound);
  });

  it('given a pending or a delivered registration, when retried, then it is refused with why', () => {
    spec.given([requested]).when(retry()).thenThrows('conflict', MESSAGES.remsRegistrationAlreadyPending);
    spec.given([requested, delivered]).when(retry()).thenThrows('conflict', MESSAGES.remsRegistrationAlreadyDelivered);
  });

  it('given a failed registration, when its owner has no key in force, then it is refused until one is saved', () => {
    spec
      .given([requested, failedFor('key_removed')])
      .when(retry({ keyInForce: false }))
      .thenThrows('conflict', MESSAGES.remsRetryNeedsKey);
  });

  describe('sent from an office card (issue 30)', () => {
    const officeId = '3a9e1c44-5d6f-4a7b-8c9d-0e1f2a3b4c5d';
    const fromOffice: RemsRegistrationRequested = { ...requested, data: { ...requested.data, officeId } };
    const admin = '7b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';

    it('given an office card, when a visitor registers, then the registration and its lead name the office', () => {
      const events = remsRegistrationDecider.decide(
        request({ card: { active: true, ownerId: owner, officeId } }),
        remsRegistrationDecider.initialState,
      );
      expect(events).toHaveLength(1);
      const [event] = events as [RemsRegistrationRequested];
      expect(event.data.officeId).toBe(officeId);
      expect(leadOfRegistration(event).data.officeId).toBe(officeId);
    });

    it('given a personal card, when a visitor registers, then neither names an office', () => {
      const [event] = remsRegistrationDecider.decide(request(), remsRegistrationDecider.initialState) as [
        RemsRegistrationRequested,
      ];
      expect(event.data).not.toHaveProperty('officeId');
      expect(leadOfRegistration(event).data).not.toHaveProperty('officeId');
    });

    it('given a failed office registration, when an admin of the office retries it, then it is sent again', () => {
      spec
        .given([fromOffice, failedFor('key_removed')])
        .when(retry({ person: { id: admin, office: { officeId, role: 'admin' } } }))
        .then([
          {
            type: 'RemsRegistrationRetried',
            data: { registrationId, ownerId: owner, after: 'key_removed', retriedAt: now },
          },
        ]);
    });

    it('given a failed office registration, when its holder retries after leaving the office, then it is unknown', () => {
      spec
        .given([fromOffice, failedFor('key_removed')])
        .when(retry({ person: personWithId(owner) }))
        .thenThrows('not_found', MESSAGES.remsRegistrationNotFound);
    });
  });

  it('given one failed as rejected, when only key failures are retried, then it is left as it is', () => {
    spec
      .given([requested, failedFor('rejected')])
      .when(retry({ onlyReasons: ['key_removed', 'key_refused'] }))
      .then([]);
  });
});
