import { describe, it } from 'vitest';
import { DEMO_CARD_ID, DEMO_OWNER_ID, LEAD_NOTICE_VERSION, MESSAGES, type LeadEvent, type LeadSubmitted } from '@kartvizit/schemas';
import { deciderSpecification } from '@kartvizit/infra/commands/decider-specification';
import type { Person } from '@kartvizit/schemas/access';
import { leadDecider, type SubmitLead } from './decider.ts';

const spec = deciderSpecification(leadDecider);
const owner = '5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11';
const stranger = '0b1d6a2e-3c4f-4d5e-8f90-123456789abc';
const leadId = '7d4c2a10-1b2c-4d3e-8f4a-5b6c7d8e9f00';
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T09:30:00.000Z';

function submit(overrides: Partial<SubmitLead['data']> = {}): SubmitLead {
  return {
    type: 'SubmitLead',
    data: {
      leadId,
      cardId: 'KV-ABCD2345',
      card: { active: true, ownerId: owner },
      input: { fullName: ' Ayşe Yılmaz ', phone: '0532 123 45 67', email: 'Ayse@Ornek.com', message: 'Daire için arar mısınız?' },
      formToken: 'ok',
      marketingConsent: true,
      noticeVersion: LEAD_NOTICE_VERSION,
      now,
      ...overrides,
    },
  };
}

const submitted: LeadSubmitted = {
  type: 'LeadSubmitted',
  data: {
    leadId,
    ownerId: owner,
    cardId: 'KV-ABCD2345',
    fullName: 'Ayşe Yılmaz',
    phone: '+905321234567',
    email: 'ayse@ornek.com',
    message: 'Daire için arar mısınız?',
    marketingConsent: true,
    noticeVersion: LEAD_NOTICE_VERSION,
    submittedAt: now,
  },
};
const deleted: LeadEvent = { type: 'LeadDeleted', data: { leadId, ownerId: owner, deletedAt: later } };
/** A person of no office, by id: who acts on personal leads. */
const alone = (id: string): Person => ({ id, office: null });
const remove = (person = alone(owner), cardHolder: string | null = owner) =>
  ({ type: 'DeleteLead', data: { leadId, person, cardHolder, now: later } }) as const;

describe('lead decider', () => {
  describe('a visitor submits', () => {
    it('a lead for the card’s owner, normalised by the shared rules', () => {
      spec.given([]).when(submit()).then([submitted]);
    });

    it('nothing for a card that is not active (unknown, not activated, deactivated)', () => {
      spec.given([]).when(submit({ card: { active: false, ownerId: owner } })).thenThrows('not_found', MESSAGES.cardPublicProfileNotFound);
      spec.given([]).when(submit({ card: { active: false, ownerId: null } })).thenThrows('not_found', MESSAGES.cardPublicProfileNotFound);
    });

    it('nothing with a field problem, naming the field', () => {
      spec.given([]).when(submit({ input: { fullName: 'Ayşe', phone: '', email: '' } })).thenThrows('validation', MESSAGES.leadContactRequired);
      spec.given([]).when(submit({ input: { fullName: 'A', phone: '05321234567' } })).thenThrows('validation', MESSAGES.leadFullNameTooShort);
    });

    it('nothing from a name alone: a phone or an e-mail is needed, whatever the token and the card say', () => {
      const nameOnly = { fullName: 'Ayşe Yılmaz' };
      for (const formToken of ['ok', 'too-fast', 'invalid', 'expired', 'future'] as const) {
        spec.given([]).when(submit({ input: nameOnly, formToken })).thenThrows('validation', MESSAGES.leadContactRequired);
      }
      spec
        .given([])
        .when(submit({ input: nameOnly, card: { active: false, ownerId: null } }))
        .thenThrows('validation', MESSAGES.leadContactRequired);
    });

    it('nothing, and not a word about it, with a token sent faster than a person types or not ours', () => {
      spec.given([]).when(submit({ formToken: 'too-fast' })).then([]);
      spec.given([]).when(submit({ formToken: 'invalid' })).then([]);
    });

    it('nothing with an expired token or one issued in the future: both refused openly, on the token', () => {
      spec.given([]).when(submit({ formToken: 'expired' })).thenThrows('validation', MESSAGES.leadFormExpired);
      spec.given([]).when(submit({ formToken: 'future' })).thenThrows('validation', MESSAGES.leadFormInvalid);
    });

    it('the token is judged before the card', () => {
      spec
        .given([])
        .when(submit({ formToken: 'future', card: { active: false, ownerId: owner } }))
        .thenThrows('validation', MESSAGES.leadFormInvalid);
      spec.given([]).when(submit({ formToken: 'invalid', card: { active: false, ownerId: null } })).then([]);
    });

    it('nothing for the sample card: nobody would ever read it', () => {
      const toDemo = { cardId: DEMO_CARD_ID, card: { active: true, ownerId: DEMO_OWNER_ID } };
      spec.given([]).when(submit(toDemo)).thenThrows('forbidden', MESSAGES.demoCardTakesNoLeads);
    });

    it('never twice under one id', () => {
      spec.given([submitted]).when(submit()).thenThrows('conflict');
    });
  });

  describe('the owner deletes', () => {
    it('their own lead', () => {
      spec.given([submitted]).when(remove()).then([deleted]);
    });

    it("not someone else's, an unknown or an already deleted lead: all read as not found", () => {
      spec.given([submitted]).when(remove(alone(stranger))).thenThrows('not_found', MESSAGES.leadNotFound);
      spec.given([]).when(remove()).thenThrows('not_found', MESSAGES.leadNotFound);
      spec.given([submitted, deleted]).when(remove()).thenThrows('not_found', MESSAGES.leadNotFound);
    });
  });
});

describe('the owner follows a lead up', () => {
  const status = (value: string, person = alone(owner), cardHolder: string | null = owner) =>
    ({ type: 'ChangeLeadStatus', data: { leadId, person, cardHolder, status: value, now: later } }) as const;
  const note = (value: string, person = alone(owner), cardHolder: string | null = owner) =>
    ({ type: 'ChangeLeadNote', data: { leadId, person, cardHolder, note: value, now: later } }) as const;
  const called: LeadEvent = { type: 'LeadStatusChanged', data: { leadId, ownerId: owner, status: 'called', changedAt: later } };
  const noted: LeadEvent = { type: 'LeadNoteChanged', data: { leadId, ownerId: owner, note: 'Salı öğleden sonra arayacağım.', changedAt: later } };

  it('moves a new lead to another status', () => {
    spec.given([submitted]).when(status('called')).then([called]);
    spec.given([submitted, called]).when(status('negative')).then([{ ...called, data: { ...called.data, status: 'negative' } }]);
  });

  it('appends nothing for the status it already has (a new lead is Yeni)', () => {
    spec.given([submitted]).when(status('new')).then([]);
    spec.given([submitted, called]).when(status('called')).then([]);
  });

  it('refuses a status that is not one of Yeni, Arandı, Görüşüldü, Olumsuz', () => {
    for (const value of ['', 'Arandı', 'CALLED', 'done']) {
      spec.given([submitted]).when(status(value)).thenThrows('validation', MESSAGES.leadStatusInvalid);
    }
  });

  it('writes a note, trimmed, and clears it with an empty one', () => {
    spec.given([submitted]).when(note('  Salı öğleden sonra arayacağım.\r\n')).then([noted]);
    spec.given([submitted, noted]).when(note('   ')).then([{ ...noted, data: { ...noted.data, note: '' } }]);
  });

  it('appends nothing for the note it already has', () => {
    spec.given([submitted, noted]).when(note('Salı öğleden sonra arayacağım.')).then([]);
    spec.given([submitted]).when(note('')).then([]);
  });

  it('refuses a note over 2000 characters or with control characters', () => {
    spec.given([submitted]).when(note('ş'.repeat(2000))).then([{ ...noted, data: { ...noted.data, note: 'ş'.repeat(2000) } }]);
    spec.given([submitted]).when(note('ş'.repeat(2001))).thenThrows('validation', MESSAGES.leadNoteTooLong);
    spec.given([submitted]).when(note('a\u0000b')).thenThrows('validation', MESSAGES.leadNoteInvalidCharacters);
  });

  it("not someone else's, an unknown or a deleted lead: all read as not found, before the input is judged", () => {
    for (const command of [status('called', alone(stranger)), note('x', alone(stranger)), status('bogus', alone(stranger))]) {
      spec.given([submitted]).when(command).thenThrows('not_found', MESSAGES.leadNotFound);
    }
    spec.given([]).when(status('called')).thenThrows('not_found', MESSAGES.leadNotFound);
    spec.given([submitted, deleted]).when(note('x')).thenThrows('not_found', MESSAGES.leadNotFound);
  });
});

describe('a lead left on an office card (issue 30, decision 61)', () => {
  const officeId = '3a9e1c44-5d6f-4a7b-8c9d-0e1f2a3b4c5d';
  const otherOffice = '9c8b7a65-4321-4fed-8cba-0987654321fe';
  const holder = owner;
  const admin = 'a1b2c3d4-e5f6-4a7b-8c9d-111111111111';
  const colleague = 'a1b2c3d4-e5f6-4a7b-8c9d-222222222222';
  const nextHolder = 'a1b2c3d4-e5f6-4a7b-8c9d-333333333333';
  const inOffice = (id: string, role: 'admin' | 'agent' = 'agent', office = officeId): Person => ({ id, office: { officeId: office, role } });
  const officeSubmitted: LeadSubmitted = { type: 'LeadSubmitted', data: { ...submitted.data, officeId } };
  const status = (person: Person, cardHolder: string | null = holder) =>
    ({ type: 'ChangeLeadStatus', data: { leadId, person, cardHolder, status: 'called', now: later } }) as const;
  const note = (person: Person, cardHolder: string | null = holder) =>
    ({ type: 'ChangeLeadNote', data: { leadId, person, cardHolder, note: 'Yarın arayacağım.', now: later } }) as const;
  const remove = (person: Person, cardHolder: string | null = holder) =>
    ({ type: 'DeleteLead', data: { leadId, person, cardHolder, now: later } }) as const;
  const called: LeadEvent = { type: 'LeadStatusChanged', data: { leadId, ownerId: holder, status: 'called', changedAt: later, officeId } };
  const noted: LeadEvent = { type: 'LeadNoteChanged', data: { leadId, ownerId: holder, note: 'Yarın arayacağım.', changedAt: later, officeId } };
  const officeDeleted: LeadEvent = { type: 'LeadDeleted', data: { leadId, ownerId: holder, deletedAt: later, officeId } };

  it('is the office’s: the lead names the office of the card', () => {
    spec
      .given([])
      .when(submit({ card: { active: true, ownerId: holder, officeId } }))
      .then([officeSubmitted]);
  });

  it('a personal card’s lead names no office', () => {
    spec.given([]).when(submit({ card: { active: true, ownerId: holder, officeId: null } })).then([submitted]);
  });

  it('the card’s holder, in the office, follows it up and deletes it; the events name the office', () => {
    spec.given([officeSubmitted]).when(status(inOffice(holder))).then([called]);
    spec.given([officeSubmitted]).when(note(inOffice(holder))).then([noted]);
    spec.given([officeSubmitted]).when(remove(inOffice(holder))).then([officeDeleted]);
  });

  it('an admin of the office may, whoever holds the card, even nobody', () => {
    spec.given([officeSubmitted]).when(status(inOffice(admin, 'admin'))).then([called]);
    spec.given([officeSubmitted]).when(note(inOffice(admin, 'admin'), null)).then([noted]);
    spec.given([officeSubmitted]).when(remove(inOffice(admin, 'admin'), nextHolder)).then([officeDeleted]);
  });

  it('another agent of the office may not: not found', () => {
    for (const command of [status(inOffice(colleague)), note(inOffice(colleague)), remove(inOffice(colleague))]) {
      spec.given([officeSubmitted]).when(command).thenThrows('not_found', MESSAGES.leadNotFound);
    }
  });

  it('a member who left may not, not even the one it came to, nor an admin of another office', () => {
    // Left: the owner hook finds no office for them; the card went back to the pool (or still names them, a moment).
    for (const cardHolder of [null, holder, nextHolder]) {
      spec.given([officeSubmitted]).when(status(alone(holder), cardHolder)).thenThrows('not_found', MESSAGES.leadNotFound);
      spec.given([officeSubmitted]).when(remove(alone(holder), cardHolder)).thenThrows('not_found', MESSAGES.leadNotFound);
    }
    spec
      .given([officeSubmitted])
      .when(note(inOffice(admin, 'admin', otherOffice)))
      .thenThrows('not_found', MESSAGES.leadNotFound);
  });

  it('whoever holds the card now follows it up: the one it came to no more once it is reassigned', () => {
    spec.given([officeSubmitted]).when(status(inOffice(nextHolder), nextHolder)).then([called]);
    spec.given([officeSubmitted]).when(status(inOffice(holder), nextHolder)).thenThrows('not_found', MESSAGES.leadNotFound);
  });

  it('a personal lead stays its owner’s, whatever office they are in and whoever holds the card', () => {
    const personalCalled: LeadEvent = { type: 'LeadStatusChanged', data: { leadId, ownerId: owner, status: 'called', changedAt: later } };
    spec.given([submitted]).when(status(inOffice(owner), null)).then([personalCalled]);
    spec.given([submitted]).when(status(inOffice(admin, 'admin'), owner)).thenThrows('not_found', MESSAGES.leadNotFound);
    spec.given([submitted]).when(status(alone(stranger), stranger)).thenThrows('not_found', MESSAGES.leadNotFound);
  });
});
