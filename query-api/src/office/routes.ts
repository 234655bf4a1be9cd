import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { buildOfficeExport, officeExportFileName } from './export.ts';
import { ErrorResponse, MESSAGES, errorAnswers, forbiddenError, notFoundError } from '@kartvizit/schemas';
import {
  CurrentOfficeResponse,
  InvitationPreviewResponse,
  InvitationTokenParams,
  OfficeHistoryResponse,
  OfficeIdParams,
  OfficeInvitationsResponse,
  OfficeMembersResponse,
  toOfficeDetailsView,
  type OfficeHistoryEntry,
  type OfficeInvitationView,
  type OfficeMemberView,
  type OfficeView,
} from '@kartvizit/schemas/office/http';
import { isMemberOf, may, type Person } from '@kartvizit/schemas/access';
import { UUID_PATTERN } from '@kartvizit/schemas/ids';
import { SignedLinks } from '@kartvizit/infra/auth/signed-link';
import { succeeded } from '@kartvizit/infra/http/answers';
import {
  OFFICES_PROJECTION,
  RM_OFFICES,
  RM_OFFICE_HISTORY,
  RM_OFFICE_INVITATIONS,
  RM_OFFICE_MEMBERS,
  RM_OFFICE_MEMBER_CARDS,
  type OfficeHistoryRow,
  type OfficeInvitationsRow,
  type OfficeMembersRow,
  type OfficesRow,
} from '@kartvizit/infra/read-models/contract';
import type { QueryContext } from '../core/context.ts';
import { rowsOrNone } from '../core/sql.ts';

/**
 * What the office screens read (issue 30, decision 61): the signed-in person's office, its members, invitations and
 * history, and the public preview of an invitation link. The person and their office come from the owner hook, read
 * fresh from their membership stream at every request: a removed member has no office at their next request. An
 * office that is not the person's answers "not found", whatever it is; an admin's list asked for by a Danışman,
 * `officeAdminOnly`.
 */
export interface OfficeQuerySettings {
  /** APP_SECRET: the invitation links' key is derived from it (purpose 'office-invitation'). */
  readonly appSecret: Buffer;
}

const TAG = ['office'];
/** Office rows and the members' names: read-your-writes waits for both. */
const PROJECTIONS = [OFFICES_PROJECTION, 'accounts'] as const;
const ERRORS = errorAnswers(400, 401, 403, 404);
/** 'Ofis Geçmişi' shows this many of the newest changes. */
const HISTORY_LIMIT = 500;

const rows = <Row extends object>(context: QueryContext, sql: string, values: unknown[]): Promise<Row[]> =>
  rowsOrNone<Row>(context.pool, sql, values);

/** `a***@example.com`: enough for the invitee to know the link is theirs, never the address in full. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** A person's name as the screens show it; an erased (or not yet projected) account reads as such. */
function nameOf(first: string | null, last: string | null): string {
  const name = `${first ?? ''} ${last ?? ''}`.trim();
  return name === '' ? MESSAGES.officeErasedPerson : name;
}

function invitationStatus(
  row: Pick<OfficeInvitationsRow, 'status' | 'expires_at'>,
  now: Date,
): OfficeInvitationView['status'] {
  if (row.status === 'pending' && row.expires_at.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

/** The office the person is in, if it is the one asked for; anything else is "not found" (ids cannot be probed). */
function ownOffice(person: Person, officeId: string): string {
  if (!isMemberOf(person, officeId)) throw notFoundError(MESSAGES.officeNotFound);
  return officeId;
}

function toOfficeView(row: OfficesRow, memberCount: number): OfficeView {
  return {
    id: row.office_id,
    slug: row.slug,
    details: toOfficeDetailsView(row.details),
    logoUrl: row.logo_url,
    template: { fields: [...row.template.fields], locked: [...row.template.locked] },
    rems: row.rems?.active ? { active: true, keyHint: row.rems.keyHint } : { active: false, keyHint: null },
    memberCount,
    requireSecondStep: row.require_second_step === true,
    createdAt: row.created_at.toISOString(),
  };
}

export function officeQueries(context: QueryContext, settings: OfficeQuerySettings) {
  const invitationLinks = SignedLinks.fromAppSecret(settings.appSecret, 'office-invitation');

  const findOffice = async (officeId: string) => {
    const [office] = await rows<OfficesRow & { member_count: string }>(
      context,
      `SELECT o.*, (SELECT count(*) FROM ${RM_OFFICE_MEMBERS} m WHERE m.office_id = o.office_id AND m.left_at IS NULL)
              AS member_count
         FROM ${RM_OFFICES} o WHERE o.office_id = $1`,
      [officeId],
    );
    return office;
  };

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/api/offices/current',
      {
        schema: { tags: TAG, response: { 200: CurrentOfficeResponse, 401: ErrorResponse } },
        config: { owner: true, scope: false, projections: PROJECTIONS },
      },
      async (request) => {
        const { office } = request.person;
        // Not in an office; or in one whose row is not projected yet (without x-min-position): none to show yet.
        const row = office ? await findOffice(office.officeId) : undefined;
        if (!office || !row) return succeeded({ data: null });
        return succeeded({ data: { office: toOfficeView(row, Number(row.member_count)), role: office.role } });
      },
    );

    api.get(
      '/api/offices/:id/members',
      {
        schema: { tags: TAG, params: OfficeIdParams, response: { 200: OfficeMembersResponse, ...ERRORS } },
        config: { owner: true, scope: false, projections: PROJECTIONS },
      },
      async (request) => {
        const officeId = ownOffice(request.person, request.params.id);
        const members = await rows<
          Pick<OfficeMembersRow, 'user_id' | 'role' | 'joined_at'> & {
            first_name: string | null;
            last_name: string | null;
            email: string | null;
            card_ids: string[];
          }
        >(
          context,
          `SELECT m.user_id, m.role, m.joined_at, a.first_name, a.last_name, a.email,
                  ARRAY(SELECT c.card_id FROM ${RM_OFFICE_MEMBER_CARDS} c
                         WHERE c.user_id = m.user_id AND c.office_id = m.office_id AND c.held
                         ORDER BY c.card_id) AS card_ids
             FROM ${RM_OFFICE_MEMBERS} m
             LEFT JOIN rm_accounts a ON a.user_id = m.user_id
            WHERE m.office_id = $1 AND m.left_at IS NULL
            ORDER BY m.role = 'admin' DESC, m.joined_at, m.user_id`,
          [officeId],
        );
        const data: OfficeMemberView[] = members.map((member) => ({
          userId: member.user_id,
          firstName: member.first_name ?? '',
          lastName: member.last_name ?? '',
          email: member.email ?? '',
          role: member.role,
          joinedAt: member.joined_at.toISOString(),
          cardIds: member.card_ids,
        }));
        return succeeded({ data });
      },
    );

    // The office's copy of what it holds (KVKK: the controller of its cards' leads), admins only; see export.ts.
    api.get(
      '/api/offices/:id/export',
      {
        schema: { tags: TAG, params: OfficeIdParams },
        config: { owner: true, scope: false, projections: [...PROJECTIONS, 'cards', 'leads'] },
      },
      async (request, reply) => {
        const officeId = ownOffice(request.person, request.params.id);
        if (!may(request.person, 'administer', { ownerId: null, officeId }))
          throw forbiddenError(MESSAGES.officeAdminOnly);
        const now = new Date();
        const data = await buildOfficeExport(context.pool, officeId, now);
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${officeExportFileName(now)}"`)
          .header('cache-control', 'no-store')
          .send(JSON.stringify(data, null, 2));
      },
    );

    api.get(
      '/api/offices/:id/invitations',
      {
        schema: { tags: TAG, params: OfficeIdParams, response: { 200: OfficeInvitationsResponse, ...ERRORS } },
        config: { owner: true, scope: false, projections: PROJECTIONS },
      },
      async (request) => {
        const officeId = ownOffice(request.person, request.params.id);
        if (!may(request.person, 'administer', { ownerId: null, officeId }))
          throw forbiddenError(MESSAGES.officeAdminOnly);
        const invitations = await rows<OfficeInvitationsRow>(
          context,
          `SELECT * FROM ${RM_OFFICE_INVITATIONS} WHERE office_id = $1 ORDER BY created_at DESC, invitation_id`,
          [officeId],
        );
        const now = new Date();
        const data: OfficeInvitationView[] = invitations.map((invitation) => ({
          id: invitation.invitation_id,
          email: invitation.email,
          role: invitation.role,
          status: invitationStatus(invitation, now),
          expiresAt: invitation.expires_at.toISOString(),
          createdAt: invitation.created_at.toISOString(),
        }));
        return succeeded({ data });
      },
    );

    api.get(
      '/api/offices/:id/history',
      {
        schema: { tags: TAG, params: OfficeIdParams, response: { 200: OfficeHistoryResponse, ...ERRORS } },
        config: { owner: true, scope: false, projections: PROJECTIONS },
      },
      async (request) => {
        const officeId = ownOffice(request.person, request.params.id);
        // Every member reads the history; an invitee's address only an admin reads in full.
        const admin = may(request.person, 'administer', { ownerId: null, officeId });
        const lines = await rows<
          Pick<OfficeHistoryRow, 'type' | 'at' | 'role'> & {
            actor_first: string | null;
            actor_last: string | null;
            subject_first: string | null;
            subject_last: string | null;
            invitee: string | null;
            about_invitation: boolean;
            about_person: boolean;
          }
        >(
          context,
          `SELECT h.type, h.at, h.role,
                  actor.first_name AS actor_first, actor.last_name AS actor_last,
                  subject.first_name AS subject_first, subject.last_name AS subject_last,
                  i.email AS invitee,
                  h.type IN ('invited', 'invitation-revoked') AS about_invitation,
                  h.type IN ('joined', 'role-changed', 'left', 'removed') AS about_person
             FROM ${RM_OFFICE_HISTORY} h
             LEFT JOIN rm_accounts actor ON actor.user_id = h.actor_id
             LEFT JOIN rm_accounts subject ON subject.user_id = h.subject_id
             LEFT JOIN ${RM_OFFICE_INVITATIONS} i ON i.invitation_id = h.subject_id AND i.office_id = h.office_id
            WHERE h.office_id = $1
            ORDER BY h.stream_position DESC
            LIMIT ${HISTORY_LIMIT}`,
          [officeId],
        );
        const data: OfficeHistoryEntry[] = lines.map((line) => {
          const invitee = line.invitee ?? '';
          const subjectName = line.about_invitation
            ? admin
              ? invitee
              : maskEmail(invitee)
            : line.about_person
              ? nameOf(line.subject_first, line.subject_last)
              : '';
          return {
            type: line.type,
            at: line.at.toISOString(),
            actorName: nameOf(line.actor_first, line.actor_last),
            subjectName,
            role: line.role,
          };
        });
        return succeeded({ data });
      },
    );

    // Public: the invitation page shows it before the person signs in or registers. The token is checked first, so
    // nothing is read for a forged one; whatever is wrong with a genuine one reads the same.
    api.get(
      '/api/invitations/:token',
      {
        schema: {
          tags: TAG,
          params: InvitationTokenParams,
          response: { 200: InvitationPreviewResponse, ...errorAnswers(400, 404) },
        },
        config: { projections: [OFFICES_PROJECTION] },
      },
      async (request) => {
        const verified = invitationLinks.verify(request.params.token);
        const ids =
          verified && UUID_PATTERN.test(verified.userId) && UUID_PATTERN.test(verified.requestId) ? verified : null;
        const [invitation] = ids
          ? await rows<OfficeInvitationsRow & { details: OfficesRow['details'] }>(
              context,
              `SELECT i.*, o.details FROM ${RM_OFFICE_INVITATIONS} i
                 JOIN ${RM_OFFICES} o ON o.office_id = i.office_id
                WHERE i.invitation_id = $1 AND i.office_id = $2`,
              [ids.requestId, ids.userId],
            )
          : [];
        if (!invitation || invitationStatus(invitation, new Date()) !== 'pending' || invitation.email === '')
          throw notFoundError(MESSAGES.officeInvitationInvalid);
        return succeeded({
          data: {
            officeName: invitation.details.name,
            role: invitation.role,
            email: maskEmail(invitation.email),
            expiresAt: invitation.expires_at.toISOString(),
          },
        });
      },
    );
  };
}
