import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorResponse,
  LEADS_MAX_PAGE_SIZE,
  LEADS_PAGE_SIZE,
  LEAD_STATUSES,
  LEAD_STATUS_LABELS,
  LOCALE,
  LeadsExportQuery,
  LeadsQuery,
  LeadsResponse,
  MESSAGES,
  TIME_ZONE,
  formatLeadPhone,
  isLeadStatus,
  leadSearchNeedle,
  validationError,
  type Lead,
  type LeadStatus,
} from '@kartvizit/schemas';
import {
  CARDS_PROJECTION,
  REMS_REGISTRATIONS_PROJECTION,
  RM_CARDS,
  RM_REMS_REGISTRATIONS,
} from '@kartvizit/infra/read-models/contract';
import type { Person } from '@kartvizit/schemas/access';
import type { QueryContext } from '../core/context.ts';
import { isMissingRelation } from '../core/sql.ts';
import { toCsv } from './csv.ts';
import { succeeded } from '@kartvizit/infra/http/answers';

// A lead of 'Görüşme Planla' shows where its REMS registration stands (issue 14).
// A lead shows its card's name (rm_cards) and its REMS registration: read-your-writes waits for all three.
export const LEAD_PROJECTIONS = ['leads', CARDS_PROJECTION, REMS_REGISTRATIONS_PROJECTION] as const;
const TAG = ['lead'];
/** The export is one response; an owner with more leads than this exports a search at a time. */
const EXPORT_LIMIT = 20_000;

export interface LeadRow {
  lead_id: string;
  card_id: string;
  /** Who holds the lead's card now (rm_cards), for the office's view. */
  holder_id: string | null;
  card_name: string | null;
  full_name: string | null;
  phone: string | null;
  email: string | null;
  message: string | null;
  marketing_consent: boolean | null;
  notice_version: string | null;
  submitted_at: Date;
  status: string | null;
  status_changed_at: Date | null;
  note: string | null;
  rems_status: string | null;
}

type StatusCounts = Record<LeadStatus, number>;

export function toLead(row: LeadRow): Lead {
  const phone = row.phone ?? '';
  return {
    _id: row.lead_id,
    cardId: row.card_id,
    cardName: row.card_name,
    fullName: row.full_name ?? '',
    phone,
    phoneFormatted: formatLeadPhone(phone),
    email: row.email ?? '',
    message: row.message ?? '',
    marketingConsent: row.marketing_consent ?? false,
    noticeVersion: row.notice_version ?? '',
    submittedAt: row.submitted_at.toISOString(),
    status: isLeadStatus(row.status) ? row.status : 'new',
    statusChangedAt: row.status_changed_at?.toISOString() ?? null,
    note: row.note ?? '',
    remsStatus:
      row.rems_status === 'delivered'
        ? 'success'
        : row.rems_status === 'failed' || row.rems_status === 'pending'
          ? row.rems_status
          : null,
  };
}

/** `?status=` when given: one of LEAD_STATUSES, or a Turkish 400. */
export function statusFilter(raw: string | undefined): LeadStatus | null {
  if (raw === undefined || raw === '') return null;
  if (!isLeadStatus(raw)) throw validationError(MESSAGES.leadStatusInvalid, 'status');
  return raw;
}

function noCounts(): StatusCounts {
  return Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as StatusCounts;
}

/** LIKE pattern that finds `needle` anywhere, its own % _ and \ taken literally. */
function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Whose leads a query reads (decision 61), the person always from the token, never from the request:
 * - a person's: their own (left on their personal cards) and, while in an office, the office's leads of the cards they
 *   hold now; a member who left, or whose card went to another, sees none of those;
 * - an office's (its admins): all of them.
 */
export type LeadScope =
  | { readonly kind: 'person'; readonly personId: string; readonly officeId: string | null }
  | { readonly kind: 'office'; readonly officeId: string };

/** The scope's condition on `l` (rm_leads) and `c` (its card in rm_cards), with its parameters from $1. */
function scopeSql(scope: LeadScope): { readonly where: string; readonly params: readonly unknown[] } {
  return scope.kind === 'office'
    ? { where: 'l.office_id = $1::uuid', params: [scope.officeId] }
    : {
        where: '((l.office_id IS NULL AND l.owner_id = $1::uuid) OR (l.office_id = $2::uuid AND c.owner_id = $1::uuid))',
        params: [scope.personId, scope.officeId],
      };
}

/** The scope's leads, newest first. */
export async function findLeads(
  context: QueryContext,
  scope: LeadScope,
  filter: { readonly search: string; readonly status: LeadStatus | null },
  page: { readonly limit: number; readonly offset: number },
): Promise<{ rows: LeadRow[]; total: number; counts: StatusCounts }> {
  const needle = leadSearchNeedle(filter.search);
  const pattern = needle ? containsPattern(needle) : null;
  const { where: inScope, params } = scopeSql(scope);
  const n = params.length;
  // A lead whose sealed fields can no longer be opened (its key destroyed before it was projected)
  // names no one and cannot be answered: not listed. This also hides version 1's blanked rows of
  // deleted leads while version 2 of the projection is being built (docs/decisions/0014).
  const where = `${inScope} AND l.full_name <> '' AND ($${n + 1}::text IS NULL OR l.search_text LIKE $${n + 1} ESCAPE '\\')`;
  const ofStatus = `($${n + 2}::text IS NULL OR l.status = $${n + 2})`;
  // Its card: the name the owner gave a personal card; an office's card, whoever holds it now.
  const card = `LEFT JOIN ${RM_CARDS} c ON c.card_id = l.card_id AND (l.office_id IS NOT NULL OR c.owner_id = l.owner_id)`;
  const leadRows = async (withRems: boolean) =>
    context.pool.query<LeadRow>(
      `SELECT l.lead_id, l.card_id, c.name AS card_name, c.owner_id AS holder_id, l.full_name, l.phone, l.email,
              l.message, l.marketing_consent, l.notice_version, l.submitted_at, l.status, l.status_changed_at, l.note,
              ${withRems ? 'r.status' : 'NULL'} AS rems_status
         FROM rm_leads l
         ${card}
         ${withRems ? `LEFT JOIN ${RM_REMS_REGISTRATIONS} r ON r.registration_id = l.lead_id AND r.owner_id = l.owner_id` : ''}
        WHERE ${where} AND ${ofStatus}
        ORDER BY l.submitted_at DESC, l.lead_id DESC
        LIMIT $${n + 3} OFFSET $${n + 4}`,
      [...params, pattern, filter.status, page.limit, page.offset],
    );
  try {
    const [rows, count] = await Promise.all([
      // The REMS registrations' read model not built yet (a projector of an older version): leads without their status.
      leadRows(true).catch((error: unknown) => {
        if (isMissingRelation(error) && String((error as Error).message).includes(RM_REMS_REGISTRATIONS))
          return leadRows(false);
        throw error;
      }),
      // Per status of the search's matches, in the same scan: the filter's numbers and the total.
      context.pool.query<{ status: string; total: string }>(
        `SELECT l.status, count(*) AS total FROM rm_leads l ${card} WHERE ${where} GROUP BY l.status`,
        [...params, pattern],
      ),
    ]);
    const counts = noCounts();
    for (const row of count.rows) if (isLeadStatus(row.status)) counts[row.status] += Number(row.total);
    const total = filter.status
      ? counts[filter.status]
      : LEAD_STATUSES.reduce((sum, status) => sum + counts[status], 0);
    return { rows: rows.rows, total, counts };
  } catch (error) {
    // The projection's first generation is not built yet: nothing to show.
    if (isMissingRelation(error)) return { rows: [], total: 0, counts: noCounts() };
    throw error;
  }
}

/** The signed-in person's leads (`GET /api/leads`, its CSV): their own, and the office's of the cards they hold now. */
export function personScope(person: Person): LeadScope {
  return { kind: 'person', personId: person.id, officeId: person.office?.officeId ?? null };
}

export function pageOf(query: LeadsQuery): { limit: number; offset: number } {
  const limit =
    query.limit === undefined ? LEADS_PAGE_SIZE : Math.min(Math.max(Number(query.limit), 1), LEADS_MAX_PAGE_SIZE);
  return { limit, offset: query.offset === undefined ? 0 : Number(query.offset) };
}

const exportDate = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const fileDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export const LEADS_CSV_HEADER = [
  'Tarih',
  'Ad Soyad',
  'Telefon',
  'E-posta',
  'Mesaj',
  'Pazarlama İzni',
  'Kart',
  'Durum',
  'Not',
] as const;

export function leadsCsv(leads: readonly Lead[]): string {
  return toCsv(
    LEADS_CSV_HEADER,
    leads.map((lead) => [
      // '21.11.2025 14:05': Turkish Excel reads it as a date and time.
      exportDate.format(new Date(lead.submittedAt)).replace(',', ''),
      lead.fullName,
      lead.phoneFormatted,
      lead.email,
      lead.message,
      lead.marketingConsent ? 'Evet' : 'Hayır',
      lead.cardName ? `${lead.cardName} (${lead.cardId})` : lead.cardId,
      LEAD_STATUS_LABELS[lead.status],
      lead.note,
    ]),
  );
}

export function leadQueries(context: QueryContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/api/leads',
      {
        schema: {
          tags: TAG,
          summary: 'Bağlantılarım (kartımdan bilgi gönderen ziyaretçiler)',
          security: [{ bearer: [] }],
          querystring: LeadsQuery,
          response: { 200: LeadsResponse, 400: ErrorResponse, 401: ErrorResponse },
        },
        config: { owner: true, scope: 'leads:read', projections: LEAD_PROJECTIONS },
      },
      async (request) => {
        const filter = { search: request.query.search ?? '', status: statusFilter(request.query.status) };
        const { rows, total, counts } = await findLeads(context, personScope(request.person), filter, pageOf(request.query));
        return succeeded({ leads: rows.map(toLead), total, counts });
      },
    );

    // Not typed through the TypeBox provider: the answer is a file, not one of the JSON schemas.
    app.get<{ Querystring: LeadsExportQuery }>(
      '/api/leads/export.csv',
      {
        schema: {
          tags: TAG,
          summary: 'Bağlantılarım CSV olarak (UTF-8 BOM, noktalı virgül)',
          security: [{ bearer: [] }],
          querystring: LeadsExportQuery,
          response: { 400: ErrorResponse, 401: ErrorResponse },
        },
        config: { owner: true, scope: 'leads:read', projections: LEAD_PROJECTIONS },
      },
      async (request, reply) => {
        const filter = { search: request.query.search ?? '', status: statusFilter(request.query.status) };
        const { rows } = await findLeads(context, personScope(request.person), filter, { limit: EXPORT_LIMIT, offset: 0 });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="baglantilar-${fileDate.format(new Date())}.csv"`)
          .header('cache-control', 'no-store')
          .send(leadsCsv(rows.map(toLead)));
      },
    );
  };
}
