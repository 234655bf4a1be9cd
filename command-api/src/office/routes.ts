import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  MESSAGES,
  OFFICE_SLUG_CLAIM,
  conflictError,
  errorAnswers,
  forbiddenError,
  isValidEmail,
  membershipStreamId,
  normaliseEmail,
  notFoundError,
  officeStreamId,
  validationError,
  type MembershipEvent,
  type OfficeEvent,
  type OfficeSlugClaimed,
} from '@kartvizit/schemas';
import { may, type Person } from '@kartvizit/schemas/access';
import { ownOfficeId } from '@kartvizit/schemas/office/path';
import {
  CreateOfficeBody,
  InvitationTokenParams,
  InviteBody,
  MemberRoleBody,
  OfficeCommandResponse,
  OfficeDetailsBody,
  OfficeIdParams,
  OfficeInvitationParams,
  OfficeMemberParams,
  OfficeTemplateBody,
  OfficeSecurityBody,
} from '@kartvizit/schemas/office/http';
import { SignedLinks } from '@kartvizit/infra/auth/signed-link';
import { ConcurrencyError, type AppendRequest, type ExpectedVersion } from '@kartvizit/infra/event-store/types';
import { readMembership, type Membership } from '@kartvizit/infra/office/membership';
import { succeeded } from '@kartvizit/infra/http/answers';
import type { CommandContext } from '../core/context.ts';
import type { HandleOptions } from '@kartvizit/infra/commands/command-handler';
import { officeDecider, type Invitee, type OfficeCommand, type OpenOffice } from './decider.ts';
import { movedMeanwhile, officeLeaving } from './leaving.ts';

const TAG = ['office'];
const ERRORS = errorAnswers(400, 401, 403, 404, 409, 413, 415);

/** What the office routes look up in other features (the app passes them in). */
export interface OfficeRouteDependencies {
  readonly appSecret: Buffer;
  /** The signed-in account's address (to match an invitation's), null: no account. */
  readonly accountContact: (userId: string) => Promise<{ readonly email: string } | null>;
  /** Which account holds an address now (normalised), or null. */
  readonly emailHolder: (email: string) => Promise<string | null>;
}

/**
 * The office's commands (issue 30, decision 61). Every route takes the person (with the office they are in now) from
 * the owner hook; an office id that is not theirs answers "no such office" before anything is read. Each write that
 * changes a membership appends to the member's `office-member-` stream at the version read, in the same atomic write
 * as the office's event, and is decided again when that stream moved meanwhile.
 */
export function officeRoutes(context: CommandContext, deps: OfficeRouteDependencies) {
  const { commands, store, codec } = context;
  const invitations = SignedLinks.fromAppSecret(deps.appSecret, 'office-invitation');
  const leaving = officeLeaving(context);

  /** An admin's work: a Danışman hears why (403) before anything they sent is looked at. */
  function administer(person: Person, officeId: string): void {
    if (!may(person, 'administer', { ownerId: null, officeId })) throw forbiddenError(MESSAGES.officeAdminOnly);
  }

  /** A write to `userId`'s membership stream at the version read now; `events` may refuse on what it finds there. */
  async function membershipWrite(
    userId: string,
    events: (membership: Membership) => readonly MembershipEvent[],
    actor: string,
  ): Promise<AppendRequest | null> {
    const { membership, version } = await readMembership(store, userId);
    const made = events(membership);
    if (made.length === 0) return null;
    const expected: ExpectedVersion = version === -1 ? 'no_stream' : version;
    return {
      streamId: membershipStreamId(userId),
      expected,
      events: await Promise.all(made.map((event) => codec.encode(event, { actor }))),
    };
  }

  function options(actor: string, alsoAppend?: HandleOptions<OfficeEvent>['alsoAppend']): HandleOptions<OfficeEvent> {
    return { metadata: { actor }, decideAgainWhenMoved: movedMeanwhile, ...(alsoAppend ? { alsoAppend } : {}) };
  }

  async function run(
    officeId: string,
    command: OfficeCommand,
    actor: string,
    message: string,
    data: (office: OpenOffice) => Record<string, unknown>,
    alsoAppend?: HandleOptions<OfficeEvent>['alsoAppend'],
  ) {
    const result = await commands.handle(officeDecider, officeStreamId(officeId), command, options(actor, alsoAppend));
    if (result.state.status !== 'open') throw new Error('An office command succeeded without an office');
    return succeeded({ message, data: data(result.state), position: result.position ?? '' });
  }

  const now = () => new Date().toISOString();

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    const answers = { 200: OfficeCommandResponse, ...ERRORS };

    api.post(
      '/api/offices',
      { config: { owner: true, scope: false }, schema: { tags: TAG, body: CreateOfficeBody, response: answers } },
      async (request) => {
        const { person } = request;
        const officeId = randomUUID();
        const at = now();
        let slug = '';
        try {
          return await run(
            officeId,
            {
              type: 'CreateOffice',
              data: { officeId, person, name: request.body.name ?? '', slug: request.body.slug ?? '', now: at },
            },
            person.id,
            MESSAGES.officeCreated,
            (office) => ({ officeId: office.officeId, slug: office.slug, role: 'admin' }),
            async (events) => {
              const created = events.find((event) => event.type === 'OfficeCreated');
              if (created?.type !== 'OfficeCreated') return [];
              slug = created.data.slug;
              const claimed: OfficeSlugClaimed = { type: 'OfficeSlugClaimed', data: { officeId, claimedAt: at } };
              const claim: AppendRequest = {
                streamId: context.claimStreamId(OFFICE_SLUG_CLAIM, slug),
                expected: 'no_stream',
                events: [await codec.encode(claimed, { actor: person.id })],
              };
              const started = await membershipWrite(
                person.id,
                (membership) => {
                  // Joined another office since the session was read: one office per account.
                  if (membership.office) throw conflictError(MESSAGES.officeAlreadyMember);
                  return [{ type: 'MembershipStarted', data: { userId: person.id, officeId, role: 'admin', at } }];
                },
                person.id,
              );
              return started ? [claim, started] : [claim];
            },
          );
        } catch (error) {
          if (
            error instanceof ConcurrencyError &&
            slug &&
            error.streamId === context.claimStreamId(OFFICE_SLUG_CLAIM, slug)
          )
            throw conflictError(MESSAGES.officeSlugTaken, 'slug');
          throw error;
        }
      },
    );

    api.put(
      '/api/offices/:id',
      {
        config: { owner: true, scope: false },
        schema: { tags: TAG, params: OfficeIdParams, body: OfficeDetailsBody, response: answers },
      },
      async (request) => {
        const { person } = request;
        const officeId = ownOfficeId(person, request.params.id);
        return run(
          officeId,
          { type: 'ChangeOfficeDetails', data: { person, details: request.body, now: now() } },
          person.id,
          MESSAGES.officeUpdated,
          (office) => ({ officeId, details: office.details }),
        );
      },
    );

    api.put(
      '/api/offices/:id/template',
      {
        config: { owner: true, scope: false },
        schema: { tags: TAG, params: OfficeIdParams, body: OfficeTemplateBody, response: answers },
      },
      async (request) => {
        const { person } = request;
        const officeId = ownOfficeId(person, request.params.id);
        const { fields, locked } = request.body;
        return run(
          officeId,
          { type: 'ChangeOfficeTemplate', data: { person, fields, locked, now: now() } },
          person.id,
          MESSAGES.officeTemplateSaved,
          (office) => ({ officeId, template: office.template }),
        );
      },
    );

    api.put(
      '/api/offices/:id/security',
      {
        config: { owner: true, scope: false },
        schema: { tags: TAG, params: OfficeIdParams, body: OfficeSecurityBody, response: answers },
      },
      async (request) => {
        const { person } = request;
        const officeId = ownOfficeId(person, request.params.id);
        const { requireSecondStep } = request.body;
        return run(
          officeId,
          { type: 'ChangeOfficeSecurity', data: { person, requireSecondStep, now: now() } },
          person.id,
          requireSecondStep ? MESSAGES.officeSecurityOn : MESSAGES.officeSecurityOff,
          (office) => ({ officeId, requireSecondStep: office.requireSecondStep }),
        );
      },
    );

    api.post(
      '/api/offices/:id/invitations',
      {
        config: { owner: true, scope: false },
        schema: { tags: TAG, params: OfficeIdParams, body: InviteBody, response: answers },
      },
      async (request) => {
        const { person } = request;
        const officeId = ownOfficeId(person, request.params.id);
        administer(person, officeId);
        const email = normaliseEmail(request.body.email ?? '');
        if (email === '') throw validationError(MESSAGES.officeInviteEmailRequired, 'email');
        if (!isValidEmail(email)) throw validationError(MESSAGES.officeEmailInvalid, 'email');
        const holder = await deps.emailHolder(email);
        const invitee: Invitee =
          holder === null
            ? { account: 'none' }
            : {
                account: 'exists',
                officeId: (await readMembership(store, holder)).membership.office?.officeId ?? null,
              };
        const invitationId = randomUUID();
        return run(
          officeId,
          {
            type: 'InviteToOffice',
            data: { person, invitationId, email, role: request.body.role ?? '', invitee, now: now() },
          },
          person.id,
          MESSAGES.officeInvitationSent,
          (office) => {
            const invitation = office.invitations.get(invitationId);
            return { invitationId, email, role: invitation?.role, expiresAt: invitation?.expiresAt };
          },
        );
      },
    );

    api.delete(
      '/api/offices/:id/invitations/:invitationId',
      {
        config: { owner: true, scope: false },
        schema: { tags: TAG, params: OfficeInvitationParams, response: answers },
      },
      async (request) => {
        const { person } = request;
        const officeId = ownOfficeId(person, request.params.id);
        const invitationId = request.params.invitationId.trim().toLowerCase();
        return run(
          officeId,
          { type: 'RevokeInvitation', data: { person, invitationId, now: now() } },
          person.id,
          MESSAGES.officeInvitationRevoked,
          () => ({ invitationId }),
        );
      },
    );

    api.post(
      '/api/invitations/:token/accept',
      {
        config: { owner: true, scope: false },
        schema: { tags: TAG, params: InvitationTokenParams, response: answers },
      },
      async (request) => {
        const { person } = request;
        const link = invitations.verify(request.params.token);
        if (!link) throw notFoundError(MESSAGES.officeInvitationInvalid);
        const { userId: officeId, requestId: invitationId } = link;
        const personEmail = (await deps.accountContact(person.id))?.email;
        if (personEmail === undefined) throw notFoundError(MESSAGES.accountNotFound);
        const at = now();
        return run(
          officeId,
          { type: 'AcceptInvitation', data: { person, personEmail, invitationId, now: at } },
          person.id,
          MESSAGES.officeInvitationAccepted,
          (office) => ({ officeId, role: office.members.get(person.id) }),
          async (events) => {
            const joined = events.find((event) => event.type === 'OfficeMemberJoined');
            if (joined?.type !== 'OfficeMemberJoined') return [];
            const started = await membershipWrite(
              person.id,
              (membership) => {
                if (membership.office) throw conflictError(MESSAGES.officeInviteeInOtherOffice);
                return [
                  { type: 'MembershipStarted', data: { userId: person.id, officeId, role: joined.data.role, at } },
                ];
              },
              person.id,
            );
            return started ? [started] : [];
          },
        );
      },
    );

    api.put(
      '/api/offices/:id/members/:userId',
      {
        config: { owner: true, scope: false },
        schema: { tags: TAG, params: OfficeMemberParams, body: MemberRoleBody, response: answers },
      },
      async (request) => {
        const { person } = request;
        const officeId = ownOfficeId(person, request.params.id);
        const userId = request.params.userId.trim().toLowerCase();
        const at = now();
        return run(
          officeId,
          { type: 'ChangeMemberRole', data: { person, userId, role: request.body.role ?? '', now: at } },
          person.id,
          MESSAGES.officeRoleChanged,
          (office) => ({ userId, role: office.members.get(userId) }),
          async (events) => {
            const changed = events.find((event) => event.type === 'OfficeMemberRoleChanged');
            if (changed?.type !== 'OfficeMemberRoleChanged') return [];
            const write = await membershipWrite(
              userId,
              (membership) =>
                membership.office?.officeId === officeId
                  ? [{ type: 'MembershipRoleChanged', data: { userId, officeId, role: changed.data.role, at } }]
                  : [],
              person.id,
            );
            return write ? [write] : [];
          },
        );
      },
    );

    /** What the member an OfficeMemberLeft names writes with it: their office cards back, their membership ended. */
    function leavingAppends(
      officeId: string,
      by: string,
      at: string,
      returned: (cards: readonly string[]) => void,
    ): HandleOptions<OfficeEvent>['alsoAppend'] {
      return async (events) => {
        const left = events.find((event) => event.type === 'OfficeMemberLeft');
        if (left?.type !== 'OfficeMemberLeft') return [];
        const writes = await leaving.writesOfLeaving(officeId, left.data.userId, by, at);
        returned(writes.returnedCards);
        return writes.appends;
      };
    }

    /** Removal and leaving: OfficeMemberLeft, the member's office cards back in the pool, their membership ended. */
    async function memberLeaves(officeId: string, person: Person, command: OfficeCommand, message: string) {
      let returnedCards: readonly string[] = [];
      return run(
        officeId,
        command,
        person.id,
        message,
        // Read after the write: the cards of the attempt that was appended.
        () => ({ returnedCards }),
        leavingAppends(officeId, person.id, command.data.now, (cards) => {
          returnedCards = cards;
        }),
      );
    }

    /**
     * Deleting the office (its last member, a Yönetici): they leave it in the same write, their office cards going
     * back to its pool; the office-erasure reactor then forgets its key and its leads. Its address stays claimed.
     */
    api.delete(
      '/api/offices/:id',
      { config: { owner: true, scope: false }, schema: { tags: TAG, params: OfficeIdParams, response: answers } },
      async (request) => {
        const { person } = request;
        const officeId = ownOfficeId(person, request.params.id);
        const at = now();
        let returnedCards: readonly string[] = [];
        const result = await commands.handle(
          officeDecider,
          officeStreamId(officeId),
          { type: 'DeleteOffice', data: { person, now: at } },
          options(
            person.id,
            leavingAppends(officeId, person.id, at, (cards) => {
              returnedCards = cards;
            }),
          ),
        );
        return succeeded({ message: MESSAGES.officeDeleted, data: { returnedCards }, position: result.position ?? '' });
      },
    );

    api.delete(
      '/api/offices/:id/members/:userId',
      { config: { owner: true, scope: false }, schema: { tags: TAG, params: OfficeMemberParams, response: answers } },
      async (request) => {
        const { person } = request;
        const officeId = ownOfficeId(person, request.params.id);
        const userId = request.params.userId.trim().toLowerCase();
        return memberLeaves(
          officeId,
          person,
          { type: 'RemoveMember', data: { person, userId, now: now() } },
          MESSAGES.officeMemberRemoved,
        );
      },
    );

    api.post(
      '/api/offices/:id/leave',
      { config: { owner: true, scope: false }, schema: { tags: TAG, params: OfficeIdParams, response: answers } },
      async (request) => {
        const { person } = request;
        const officeId = ownOfficeId(person, request.params.id);
        return memberLeaves(
          officeId,
          person,
          { type: 'LeaveOffice', data: { person, now: now() } },
          MESSAGES.officeLeft,
        );
      },
    );
  };
}
