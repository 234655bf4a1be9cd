import type {
  DeleteLeadResponse,
  LeadFollowUpResponse,
  LeadsResponse,
  OfficeLeadsResponse,
} from '@kartvizit/schemas/lead/http';
import type { LeadStatus } from '@kartvizit/schemas/lead/events';
import { api } from '../../app/api.ts';

export type { Lead, LeadsResponse, OfficeLead, OfficeLeadsResponse } from '@kartvizit/schemas/lead/http';
export type { LeadStatus } from '@kartvizit/schemas/lead/events';

export interface LeadsArgs {
  readonly search: string;
  /** Only leads of this status; null for all. */
  readonly status: LeadStatus | null;
  readonly limit: number;
  readonly offset: number;
}

export interface LeadsCsv {
  /** The file's text, byte order mark included. */
  readonly text: string;
  readonly fileName: string;
}

const LIST = { type: 'Lead', id: 'LIST' } as const;
const one = (leadId: string) => ({ type: 'Lead', id: leadId }) as const;
const BOM = '\uFEFF';

function leadsQueryString({ search, status, limit, offset }: LeadsArgs): string {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (search.trim()) params.set('search', search.trim());
  if (status) params.set('status', status);
  return params.toString();
}

function exportQueryString({ search, status }: ExportArgs): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (status) params.set('status', status);
  const text = params.toString();
  return text ? `?${text}` : '';
}

interface ExportArgs {
  readonly search: string;
  readonly status: LeadStatus | null;
}

/** `filename="baglantilar-2025-11-21.csv"` from the answer, or a name of our own. */
function fileNameOf(disposition: string | null | undefined): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'baglantilar.csv';
}

export const leadApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLeads: build.query<LeadsResponse, LeadsArgs>({
      query: (args) => `/leads?${leadsQueryString(args)}`,
      providesTags: (result) => [...(result?.leads.map((lead) => one(lead._id)) ?? []), LIST],
    }),
    /** An office's leads for its admins (issue 30), each with who holds its card now; the same tags as the person's. */
    getOfficeLeads: build.query<OfficeLeadsResponse, LeadsArgs & { readonly officeId: string }>({
      query: ({ officeId, ...args }) => `/offices/${encodeURIComponent(officeId)}/leads?${leadsQueryString(args)}`,
      providesTags: (result) => [...(result?.leads.map((lead) => one(lead._id)) ?? []), LIST],
    }),
    /** The owner's leads as a CSV file (the server's own bytes; see query-api/src/lead/csv.ts). */
    exportLeadsCsv: build.query<LeadsCsv, ExportArgs>({
      query: (args) => ({
        url: `/leads/export.csv${exportQueryString(args)}`,
        responseHandler: (response) => response.text(),
      }),
      // Reading the body as text drops the byte order mark Excel needs to see UTF-8: put it back.
      transformResponse: (text: string, meta) => ({
        text: text.startsWith(BOM) ? text : `${BOM}${text}`,
        fileName: fileNameOf(meta?.response?.headers.get('content-disposition')),
      }),
      keepUnusedDataFor: 0,
    }),
    deleteLead: build.mutation<DeleteLeadResponse, string>({
      query: (leadId) => ({ url: `/leads/${encodeURIComponent(leadId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, leadId) => [one(leadId), LIST],
    }),
    /** The list is fetched again (with the write's position) so the counts per status follow too. */
    changeLeadStatus: build.mutation<LeadFollowUpResponse, { readonly leadId: string; readonly status: LeadStatus }>({
      query: ({ leadId, status }) => ({
        url: `/leads/${encodeURIComponent(leadId)}/status`,
        method: 'PUT',
        body: { status },
      }),
      invalidatesTags: (_result, _error, { leadId }) => [one(leadId), LIST],
    }),
    changeLeadNote: build.mutation<LeadFollowUpResponse, { readonly leadId: string; readonly note: string }>({
      query: ({ leadId, note }) => ({
        url: `/leads/${encodeURIComponent(leadId)}/note`,
        method: 'PUT',
        body: { note },
      }),
      invalidatesTags: (_result, _error, { leadId }) => [one(leadId)],
    }),
  }),
});

export const {
  useGetLeadsQuery,
  useGetOfficeLeadsQuery,
  useLazyExportLeadsCsvQuery,
  useDeleteLeadMutation,
  useChangeLeadStatusMutation,
  useChangeLeadNoteMutation,
} = leadApi;
