import { describe, it } from 'vitest';
import { MESSAGES, type OfficeEvent, type OfficeRole } from '@kartvizit/schemas';
import type { Person } from '@kartvizit/schemas/access';
import { newOfficeDetails } from '@kartvizit/schemas/office/rules';
import { deciderSpecification } from '@kartvizit/infra/commands/decider-specification';
import { officeDecider, type InviteToOffice } from './decider.ts';

/**
 * An office's rules (issue 30, decision 61), told as stories: Ayşe creates 'Çınar Emlak' and is its Yönetici, Mehmet
 * joins as a Danışman, Zeynep is invited; Kemal is in another office, Deniz in none.
 */
const spec = deciderSpecification(officeDecider);
const officeId = '7d1c6b0e-1f2a-4c3b-9d4e-5f6a7b8c9d01';
const otherOfficeId = '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
const ayse = '5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11';
const mehmet = '0b1d6a2e-3c4f-4d5e-8f90-123456789abc';
const zeynep = '9c8b7a6d-5e4f-4a3b-9c1d-0e9f8a7b6c5d';
const kemal = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const deniz = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const invitationId = '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f';
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T09:30:00.000Z';
/** Seven days and a minute after the invitation: it has expired. */
const tooLate = '2026-11-28T10:01:00.000Z';

const member = (id: string, role: OfficeRole): Person => ({ id, office: { officeId, role } });
const admin = member(ayse, 'admin');
const agent = member(mehmet, 'agent');
const elsewhere: Person = { id: kemal, office: { officeId: otherOfficeId, role: 'admin' } };
const nobody: Person = { id: deniz, office: null };

const created: OfficeEvent = {
  type: 'OfficeCreated',
  data: { officeId, name: 'Çınar Emlak', slug: 'cinar-emlak', createdBy: ayse, createdAt: now },
};
const joined = (userId: string, role: OfficeRole): OfficeEvent => ({
  type: 'OfficeMemberJoined',
  data: { officeId, userId, role, at: now },
});
const office: OfficeEvent[] = [created, joined(ayse, 'admin'), joined(mehmet, 'agent')];

const invited: OfficeEvent = {
  type: 'OfficeInvitationSent',
  data: {
    officeId,
    invitationId,
    email: 'zeynep@example.com',
    role: 'agent',
    expiresAt: '2026-11-28T10:00:00.000Z',
    invitedBy: ayse,
    at: now,
  },
};

const details = {
  name: '  Çınar   Emlak Kadıköy ',
  company: 'Çınar Gayrimenkul Ltd. Şti.',
  address: 'Moda Cad. 12, Kadıköy / İstanbul',
  location: { lat: 40.98, lng: 29.03 },
  phone: '0216 555 12 34',
  email: 'Ofis@Cinar.example',
  website: 'https://cinar.example',
  taxOffice: 'Kadıköy',
  taxNumber: '1234567890',
  licenceNumber: '3400123',
  primaryColor: '#0A3D62',
  secondaryColor: '',
};

function invite(overrides: Partial<InviteToOffice['data']> = {}): InviteToOffice {
  return {
    type: 'InviteToOffice',
    data: {
      person: admin,
      invitationId,
      email: 'zeynep@example.com',
      role: 'agent',
      invitee: { account: 'none' },
      now,
      ...overrides,
    },
  };
}

const accept = (person: Person, personEmail = 'zeynep@example.com', at = later) =>
  ({ type: 'AcceptInvitation', data: { person, personEmail, invitationId, now: at } }) as const;

describe('office decider', () => {
  describe('creating an office', () => {
    it('makes the office under its cleaned name and address, and its creator its first Yönetici', () => {
      spec
        .given([])
        .when({
          type: 'CreateOffice',
          data: { officeId, person: nobody, name: '  Çınar \t Emlak ', slug: ' Cinar-Emlak ', now },
        })
        .then([
          {
            type: 'OfficeCreated',
            data: { officeId, name: 'Çınar Emlak', slug: 'cinar-emlak', createdBy: deniz, createdAt: now },
          },
          { type: 'OfficeMemberJoined', data: { officeId, userId: deniz, role: 'admin', at: now } },
        ]);
    });

    it('refuses a missing or too long name', () => {
      const create = (name: string) =>
        ({ type: 'CreateOffice', data: { officeId, person: nobody, name, slug: 'cinar', now } }) as const;
      spec.given([]).when(create('   ')).thenThrows('validation', MESSAGES.officeNameRequired);
      spec
        .given([])
        .when(create('Ç'.repeat(121)))
        .thenThrows('validation', MESSAGES.officeNameTooLong);
    });

    it('refuses a missing address, and one that is too short, too long or not made of a-z, digits and hyphens', () => {
      const create = (slug: string) =>
        ({ type: 'CreateOffice', data: { officeId, person: nobody, name: 'Çınar Emlak', slug, now } }) as const;
      spec.given([]).when(create('')).thenThrows('validation', MESSAGES.officeSlugRequired);
      for (const slug of ['ab', 'a'.repeat(41), 'çınar', 'cinar emlak', '-cinar', 'cinar--emlak', 'cinar_emlak']) {
        spec.given([]).when(create(slug)).thenThrows('validation', MESSAGES.officeSlugInvalid);
      }
    });

    it('refuses a person who is already in an office: an account belongs to at most one', () => {
      spec
        .given([])
        .when({ type: 'CreateOffice', data: { officeId, person: elsewhere, name: 'Çınar Emlak', slug: 'cinar', now } })
        .thenThrows('conflict', MESSAGES.officeAlreadyMember);
    });
  });

  describe("the office's details", () => {
    it('an admin saves them cleaned: spaces squeezed, the address and colours lower-cased', () => {
      spec
        .given(office)
        .when({ type: 'ChangeOfficeDetails', data: { person: admin, details, now: later } })
        .then([
          {
            type: 'OfficeDetailsChanged',
            data: {
              officeId,
              details: {
                ...details,
                name: 'Çınar Emlak Kadıköy',
                email: 'ofis@cinar.example',
                primaryColor: '#0a3d62',
                theme: '',
                bankAccounts: [],
                paymentMethods: [],
              },
              changedBy: ayse,
              at: later,
            },
          },
        ]);
    });

    it('details that are the same as before change nothing', () => {
      spec
        .given(office)
        .when({
          type: 'ChangeOfficeDetails',
          data: { person: admin, details: newOfficeDetails('Çınar Emlak'), now: later },
        })
        .then([]);
    });

    it('refuses each bad field in Turkish, naming it', () => {
      const cases: [Partial<typeof details>, string][] = [
        [{ name: '' }, MESSAGES.officeNameRequired],
        [{ company: 'x'.repeat(151) }, MESSAGES.officeFieldTooLong],
        [{ email: 'ofis@' }, MESSAGES.officeEmailInvalid],
        [{ taxNumber: '1234567891' }, MESSAGES.officeTaxNumberInvalid],
        [{ primaryColor: 'kırmızı' }, MESSAGES.officeColorInvalid],
        [{ location: { lat: 91, lng: 29 } }, MESSAGES.officeLocationInvalid],
      ];
      for (const [wrong, message] of cases) {
        spec
          .given(office)
          .when({ type: 'ChangeOfficeDetails', data: { person: admin, details: { ...details, ...wrong }, now: later } })
          .thenThrows('validation', message);
      }
    });

    it('a Danışman is told it is an admin’s work (403), even with bad input', () => {
      spec
        .given(office)
        .when({ type: 'ChangeOfficeDetails', data: { person: agent, details: { name: '' }, now: later } })
        .thenThrows('forbidden', MESSAGES.officeAdminOnly);
    });

    it('anyone outside the office hears there is no such office', () => {
      for (const person of [elsewhere, nobody, member(deniz, 'admin')]) {
        spec
          .given(office)
          .when({ type: 'ChangeOfficeDetails', data: { person, details, now: later } })
          .thenThrows('not_found', MESSAGES.officeNotFound);
      }
      spec
        .given([])
        .when({ type: 'ChangeOfficeDetails', data: { person: admin, details, now: later } })
        .thenThrows('not_found', MESSAGES.officeNotFound);
    });
  });

  describe('the card template', () => {
    const template = (fields: readonly unknown[], locked: readonly unknown[], person: Person = admin) =>
      ({ type: 'ChangeOfficeTemplate', data: { person, fields, locked, now: later } }) as const;

    it('an admin chooses the fields, kept in the list’s order without repeats, and locks some of them', () => {
      spec
        .given(office)
        .when(template(['theme', 'company', 'companyLogo', 'company'], ['companyLogo', 'company']))
        .then([
          {
            type: 'OfficeTemplateChanged',
            data: {
              officeId,
              fields: ['company', 'companyLogo', 'theme'],
              locked: ['company', 'companyLogo'],
              changedBy: ayse,
              at: later,
            },
          },
        ]);
    });

    it('refuses a field the template does not know, in either list', () => {
      spec
        .given(office)
        .when(template(['company', 'firstName'], []))
        .thenThrows('validation', MESSAGES.officeTemplateFieldInvalid);
      spec
        .given(office)
        .when(template(['company'], ['phone']))
        .thenThrows('validation', MESSAGES.officeTemplateFieldInvalid);
    });

    it('refuses locking a field that does not come from the office', () => {
      spec
        .given(office)
        .when(template(['company'], ['theme']))
        .thenThrows('validation', MESSAGES.officeTemplateLockedNotInFields);
    });

    it('the same template again changes nothing', () => {
      const changed: OfficeEvent = {
        type: 'OfficeTemplateChanged',
        data: { officeId, fields: ['company', 'theme'], locked: ['company'], changedBy: ayse, at: now },
      };
      spec
        .given([...office, changed])
        .when(template(['theme', 'company'], ['company']))
        .then([]);
    });

    it('a Danışman may not change it; an outsider does not find the office', () => {
      spec
        .given(office)
        .when(template(['company'], [], agent))
        .thenThrows('forbidden', MESSAGES.officeAdminOnly);
      spec
        .given(office)
        .when(template(['company'], [], elsewhere))
        .thenThrows('not_found', MESSAGES.officeNotFound);
    });
  });

  describe('inviting', () => {
    it('an admin invites an address with a role, valid for seven days', () => {
      spec.given(office).when(invite()).then([invited]);
    });

    it('refuses a role that is neither Yönetici nor Danışman', () => {
      spec
        .given(office)
        .when(invite({ role: 'owner' }))
        .thenThrows('validation', MESSAGES.officeRoleInvalid);
    });

    it('refuses an address whose account is already in this office', () => {
      spec
        .given(office)
        .when(invite({ invitee: { account: 'exists', officeId } }))
        .thenThrows('conflict', MESSAGES.officeInvitationAlreadyMember);
    });

    it('says so when the address’s account is in another office', () => {
      spec
        .given(office)
        .when(invite({ invitee: { account: 'exists', officeId: otherOfficeId } }))
        .thenThrows('conflict', MESSAGES.officeInvitationElsewhere);
    });

    it('invites an existing account that is in no office', () => {
      spec
        .given(office)
        .when(invite({ invitee: { account: 'exists', officeId: null } }))
        .then([invited]);
    });

    it('refuses a second invitation to an address that has a live one; once it expired or was revoked, a new one goes', () => {
      const again = invite({ invitationId: 'd4e5f6a7-8b9c-4d0e-9f1a-2b3c4d5e6f7a', now: later });
      spec
        .given([...office, invited])
        .when(again)
        .thenThrows('conflict', MESSAGES.officeInvitationPending);
      const revoked: OfficeEvent = {
        type: 'OfficeInvitationRevoked',
        data: { officeId, invitationId, revokedBy: ayse, at: now },
      };
      spec
        .given([...office, invited, revoked])
        .when(again)
        .then([
          {
            type: 'OfficeInvitationSent',
            data: {
              ...invited.data,
              invitationId: 'd4e5f6a7-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
              expiresAt: '2026-11-29T09:30:00.000Z',
              at: later,
            },
          },
        ]);
      spec
        .given([...office, invited])
        .when(invite({ invitationId: 'd4e5f6a7-8b9c-4d0e-9f1a-2b3c4d5e6f7a', now: tooLate }))
        .then([
          {
            type: 'OfficeInvitationSent',
            data: {
              ...invited.data,
              invitationId: 'd4e5f6a7-8b9c-4d0e-9f1a-2b3c4d5e6f7a',
              expiresAt: '2026-12-05T10:01:00.000Z',
              at: tooLate,
            },
          },
        ]);
    });

    it('a Danışman may not invite; an outsider does not find the office', () => {
      spec
        .given(office)
        .when(invite({ person: agent }))
        .thenThrows('forbidden', MESSAGES.officeAdminOnly);
      spec
        .given(office)
        .when(invite({ person: elsewhere }))
        .thenThrows('not_found', MESSAGES.officeNotFound);
    });
  });

  describe('revoking an invitation', () => {
    const revoke = (person: Person, id = invitationId) =>
      ({ type: 'RevokeInvitation', data: { person, invitationId: id, now: later } }) as const;

    it('an admin revokes a pending invitation', () => {
      spec
        .given([...office, invited])
        .when(revoke(admin))
        .then([{ type: 'OfficeInvitationRevoked', data: { officeId, invitationId, revokedBy: ayse, at: later } }]);
    });

    it('an unknown, revoked or accepted invitation is not found', () => {
      spec.given(office).when(revoke(admin)).thenThrows('not_found', MESSAGES.officeInvitationNotFound);
      const revoked: OfficeEvent = {
        type: 'OfficeInvitationRevoked',
        data: { officeId, invitationId, revokedBy: ayse, at: now },
      };
      spec
        .given([...office, invited, revoked])
        .when(revoke(admin))
        .thenThrows('not_found', MESSAGES.officeInvitationNotFound);
      const accepted: OfficeEvent = {
        type: 'OfficeInvitationAccepted',
        data: { officeId, invitationId, userId: zeynep, at: now },
      };
      spec
        .given([...office, invited, accepted, joined(zeynep, 'agent')])
        .when(revoke(admin))
        .thenThrows('not_found', MESSAGES.officeInvitationNotFound);
    });

    it('a Danışman may not revoke; an outsider does not find the office', () => {
      spec
        .given([...office, invited])
        .when(revoke(agent))
        .thenThrows('forbidden', MESSAGES.officeAdminOnly);
      spec
        .given([...office, invited])
        .when(revoke(elsewhere))
        .thenThrows('not_found', MESSAGES.officeNotFound);
    });
  });

  describe('accepting an invitation', () => {
    const newcomer: Person = { id: zeynep, office: null };

    it('the invited account joins in the invitation’s role, using it up', () => {
      spec
        .given([...office, invited])
        .when(accept(newcomer))
        .then([
          { type: 'OfficeInvitationAccepted', data: { officeId, invitationId, userId: zeynep, at: later } },
          { type: 'OfficeMemberJoined', data: { officeId, userId: zeynep, role: 'agent', at: later } },
        ]);
    });

    it('an unknown, expired, revoked or used invitation reads the same: the link is no good', () => {
      spec.given([]).when(accept(newcomer)).thenThrows('not_found', MESSAGES.officeInvitationInvalid);
      spec.given(office).when(accept(newcomer)).thenThrows('not_found', MESSAGES.officeInvitationInvalid);
      spec
        .given([...office, invited])
        .when(accept(newcomer, 'zeynep@example.com', tooLate))
        .thenThrows('not_found', MESSAGES.officeInvitationInvalid);
      const revoked: OfficeEvent = {
        type: 'OfficeInvitationRevoked',
        data: { officeId, invitationId, revokedBy: ayse, at: now },
      };
      spec
        .given([...office, invited, revoked])
        .when(accept(newcomer))
        .thenThrows('not_found', MESSAGES.officeInvitationInvalid);
      const accepted: OfficeEvent = {
        type: 'OfficeInvitationAccepted',
        data: { officeId, invitationId, userId: zeynep, at: now },
      };
      spec
        .given([...office, invited, accepted, joined(zeynep, 'agent')])
        .when(accept(newcomer))
        .thenThrows('not_found', MESSAGES.officeInvitationInvalid);
    });

    it('a forwarded link does not let another account in', () => {
      spec
        .given([...office, invited])
        .when(accept(nobody, 'deniz@example.com'))
        .thenThrows('conflict', MESSAGES.officeInvitationWrongAccount);
    });

    it('a person in another office must leave it first', () => {
      spec
        .given([...office, invited])
        .when(accept({ id: zeynep, office: { officeId: otherOfficeId, role: 'agent' } }))
        .thenThrows('conflict', MESSAGES.officeInviteeInOtherOffice);
    });
  });

  describe("changing a member's role", () => {
    const changeRole = (person: Person, userId: string, role: string) =>
      ({ type: 'ChangeMemberRole', data: { person, userId, role, now: later } }) as const;

    it('an admin makes a Danışman a Yönetici, and then may be demoted, no longer the last', () => {
      spec
        .given(office)
        .when(changeRole(admin, mehmet, 'admin'))
        .then([
          {
            type: 'OfficeMemberRoleChanged',
            data: { officeId, userId: mehmet, role: 'admin', changedBy: ayse, at: later },
          },
        ]);
      const promoted: OfficeEvent = {
        type: 'OfficeMemberRoleChanged',
        data: { officeId, userId: mehmet, role: 'admin', changedBy: ayse, at: now },
      };
      spec
        .given([...office, promoted])
        .when(changeRole(admin, ayse, 'agent'))
        .then([
          {
            type: 'OfficeMemberRoleChanged',
            data: { officeId, userId: ayse, role: 'agent', changedBy: ayse, at: later },
          },
        ]);
    });

    it('the last Yönetici cannot be demoted', () => {
      spec
        .given(office)
        .when(changeRole(admin, ayse, 'agent'))
        .thenThrows('conflict', MESSAGES.officeLastAdmin);
    });

    it('the same role again changes nothing; an unknown role is refused', () => {
      spec
        .given(office)
        .when(changeRole(admin, mehmet, 'agent'))
        .then([]);
      spec
        .given(office)
        .when(changeRole(admin, mehmet, 'patron'))
        .thenThrows('validation', MESSAGES.officeRoleInvalid);
    });

    it('someone who is not a member is not found', () => {
      spec
        .given(office)
        .when(changeRole(admin, kemal, 'admin'))
        .thenThrows('not_found', MESSAGES.officeMemberNotFound);
    });

    it('a Danışman may not change roles, not even their own; an outsider does not find the office', () => {
      spec
        .given(office)
        .when(changeRole(agent, mehmet, 'admin'))
        .thenThrows('forbidden', MESSAGES.officeAdminOnly);
      spec
        .given(office)
        .when(changeRole(elsewhere, mehmet, 'admin'))
        .thenThrows('not_found', MESSAGES.officeNotFound);
    });
  });

  describe('removing a member', () => {
    const removal = (person: Person, userId: string) =>
      ({ type: 'RemoveMember', data: { person, userId, now: later } }) as const;

    it('an admin removes a member', () => {
      spec
        .given(office)
        .when(removal(admin, mehmet))
        .then([
          { type: 'OfficeMemberLeft', data: { officeId, userId: mehmet, reason: 'removed', by: ayse, at: later } },
        ]);
    });

    it('the last Yönetici cannot be removed', () => {
      spec.given(office).when(removal(admin, ayse)).thenThrows('conflict', MESSAGES.officeLastAdmin);
    });

    it('someone who is not (or no longer) a member is not found', () => {
      const left: OfficeEvent = {
        type: 'OfficeMemberLeft',
        data: { officeId, userId: mehmet, reason: 'left', by: mehmet, at: now },
      };
      spec
        .given([...office, left])
        .when(removal(admin, mehmet))
        .thenThrows('not_found', MESSAGES.officeMemberNotFound);
    });

    it('a Danışman may not remove anyone; an outsider does not find the office', () => {
      spec.given(office).when(removal(agent, ayse)).thenThrows('forbidden', MESSAGES.officeAdminOnly);
      spec.given(office).when(removal(elsewhere, mehmet)).thenThrows('not_found', MESSAGES.officeNotFound);
    });
  });

  describe('leaving', () => {
    const leave = (person: Person, accountDeleted?: boolean) =>
      ({ type: 'LeaveOffice', data: { person, now: later, ...(accountDeleted ? { accountDeleted } : {}) } }) as const;

    it('a Danışman leaves', () => {
      spec
        .given(office)
        .when(leave(agent))
        .then([
          { type: 'OfficeMemberLeft', data: { officeId, userId: mehmet, reason: 'left', by: mehmet, at: later } },
        ]);
    });

    it('the last Yönetici cannot leave, not even alone; another Yönetici first', () => {
      spec.given(office).when(leave(admin)).thenThrows('conflict', MESSAGES.officeLastAdmin);
      spec
        .given([created, joined(ayse, 'admin')])
        .when(leave(admin))
        .thenThrows('conflict', MESSAGES.officeLastAdmin);
      const promoted: OfficeEvent = {
        type: 'OfficeMemberRoleChanged',
        data: { officeId, userId: mehmet, role: 'admin', changedBy: ayse, at: now },
      };
      spec
        .given([...office, promoted])
        .when(leave(admin))
        .then([{ type: 'OfficeMemberLeft', data: { officeId, userId: ayse, reason: 'left', by: ayse, at: later } }]);
    });

    it('deleting the account: the office’s last member goes and the office with them; never the last Yönetici while others are in it', () => {
      spec
        .given([created, joined(ayse, 'admin')])
        .when(leave(admin, true))
        .then([
          { type: 'OfficeMemberLeft', data: { officeId, userId: ayse, reason: 'left', by: ayse, at: later } },
          { type: 'OfficeDeleted', data: { officeId, deletedBy: ayse, at: later } },
        ]);
      spec.given(office).when(leave(admin, true)).thenThrows('conflict', MESSAGES.officeLastAdmin);
    });

    it('someone who left, or was never in, does not find the office', () => {
      const left: OfficeEvent = {
        type: 'OfficeMemberLeft',
        data: { officeId, userId: mehmet, reason: 'left', by: mehmet, at: now },
      };
      spec
        .given([...office, left])
        .when(leave(agent))
        .thenThrows('not_found', MESSAGES.officeNotFound);
      spec.given(office).when(leave(elsewhere)).thenThrows('not_found', MESSAGES.officeNotFound);
    });
  });
});

describe('deleting the office', () => {
  const deleteOffice = (person: Person) => ({ type: 'DeleteOffice', data: { person, now: later } }) as const;
  const alone: OfficeEvent[] = [created, joined(ayse, 'admin')];
  const deletedEvents: OfficeEvent[] = [
    { type: 'OfficeMemberLeft', data: { officeId, userId: ayse, reason: 'left', by: ayse, at: later } },
    { type: 'OfficeDeleted', data: { officeId, deletedBy: ayse, at: later } },
  ];

  it('given an office whose only member is its Yönetici, when they delete it, then they leave it and it is deleted', () => {
    spec.given(alone).when(deleteOffice(admin)).then(deletedEvents);
    // Pending invitations do not count as members: they die with the office.
    spec
      .given([...alone, invited])
      .when(deleteOffice(admin))
      .then(deletedEvents);
  });

  it('an office with members cannot be deleted: its Yönetici removes them first', () => {
    spec.given(office).when(deleteOffice(admin)).thenThrows('conflict', MESSAGES.officeHasMembers);
    const removed: OfficeEvent = {
      type: 'OfficeMemberLeft',
      data: { officeId, userId: mehmet, reason: 'removed', by: ayse, at: now },
    };
    spec
      .given([...office, removed])
      .when(deleteOffice(admin))
      .then(deletedEvents);
  });

  it('a Danışman may not delete it; an outsider does not find it', () => {
    spec.given(office).when(deleteOffice(agent)).thenThrows('forbidden', MESSAGES.officeAdminOnly);
    spec.given(alone).when(deleteOffice(elsewhere)).thenThrows('not_found', MESSAGES.officeNotFound);
  });

  it('once deleted, nothing can be done with it: no command finds it, its invitation links are no good, its id is not made again', () => {
    const gone = [...alone, invited, ...deletedEvents];
    spec.given(gone).when(deleteOffice(admin)).thenThrows('not_found', MESSAGES.officeNotFound);
    spec
      .given(gone)
      .when(accept({ id: zeynep, office: null }))
      .thenThrows('not_found', MESSAGES.officeInvitationInvalid);
    spec
      .given(gone)
      .when({ type: 'InviteToOffice', data: { ...invite().data, now: later } })
      .thenThrows('not_found', MESSAGES.officeNotFound);
    spec
      .given(gone)
      .when({ type: 'CreateOffice', data: { officeId, person: nobody, name: 'Yeni', slug: 'yeni-ofis', now: later } })
      .thenThrows('conflict', MESSAGES.conflict);
  });
});

describe("the office's REMS key (one key for every office card)", () => {
  const key = 'rems_0123456789abcdefOFIS';
  const save = (person: Person, apiKey = key) =>
    ({
      type: 'SaveOfficeRemsKey',
      data: { person, apiKey, keyHint: apiKey.slice(-4), remsAccountName: 'Deniz Emlak', now: later },
    }) as const;
  const saved: OfficeEvent = {
    type: 'OfficeRemsKeySaved',
    data: { officeId, apiKey: key, keyHint: 'OFIS', remsAccountName: 'Deniz Emlak', savedBy: ayse, at: later },
  };
  const remove = (person: Person) => ({ type: 'RemoveOfficeRemsKey', data: { person, now: later } }) as const;

  it('given an office, when an admin saves a key REMS accepted, then the office has it', () => {
    spec.given(office).when(save(admin)).then([saved]);
  });

  it('given the same key in force, when it is saved again, then nothing is recorded', () => {
    spec
      .given([...office, saved])
      .when(save(admin))
      .then([]);
  });

  it('given an office, when a Danışman saves a key, then they are told only admins may', () => {
    spec.given(office).when(save(agent)).thenThrows('forbidden', MESSAGES.officeAdminOnly);
  });

  it('given an office, when someone outside it saves a key, then there is no such office for them', () => {
    spec.given(office).when(save(elsewhere)).thenThrows('not_found', MESSAGES.officeNotFound);
    spec.given(office).when(save(nobody)).thenThrows('not_found', MESSAGES.officeNotFound);
  });

  it('given a key in force, when an admin removes it, then the office cards fall back to their holders’ keys', () => {
    spec
      .given([...office, saved])
      .when(remove(admin))
      .then([{ type: 'OfficeRemsKeyRemoved', data: { officeId, removedBy: ayse, at: later } }]);
  });

  it('given no key, when an admin removes it, then there is nothing to remove', () => {
    spec.given(office).when(remove(admin)).thenThrows('not_found', MESSAGES.remsNoActiveIntegration);
  });
});
