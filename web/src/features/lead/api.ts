import type { DeleteLeadResponse, LeadsResponse } from '@kartvizit/schemas';
import { api } from '../../app/api.ts';

export type { Lead, LeadsResponse } from '@kartvizit/schemas';

export interface LeadsArgs {
  readonly search: string;
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

function leadsQueryString({ search, limit, offset }: LeadsArgs): string {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (search.trim()) params.set('search', search.trim());
  return params.toString();
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
    /** The owner's leads as a CSV file (the server's own bytes; see query-api/src/lead/csv.ts). */
    exportLeadsCsv: build.query<LeadsCsv, { readonly search: string }>({
      query: ({ search }) => ({
        url: `/leads/export.csv${search.trim() ? `?${new URLSearchParams({ search: search.trim() }).toString()}` : ''}`,
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
  }),
});

export const { useGetLeadsQuery, useLazyExportLeadsCsvQuery, useDeleteLeadMutation } = leadApi;
