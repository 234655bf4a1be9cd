import type {
  HubSpotDisconnectResponse,
  HubSpotStartResponse,
  HubSpotStatusResponse,
} from '@kartvizit/schemas/hubspot/http';
import { api } from '../../app/api.ts';

/**
 * HubSpot on /integrations (issue 35): the status, the authorize address to go to (the server keeps the state in a
 * cookie), and 'Bağlantıyı Kes'. The section refetches the status itself after a change (no tag of its own).
 */
export const hubspotApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHubSpotStatus: build.query<HubSpotStatusResponse, void>({
      query: () => '/integrations/hubspot',
    }),
    startHubSpot: build.mutation<HubSpotStartResponse, void>({
      query: () => ({ url: '/integrations/hubspot/start', method: 'GET' }),
    }),
    disconnectHubSpot: build.mutation<HubSpotDisconnectResponse, void>({
      query: () => ({ url: '/integrations/hubspot', method: 'DELETE' }),
    }),
  }),
});

export const { useGetHubSpotStatusQuery, useStartHubSpotMutation, useDisconnectHubSpotMutation } = hubspotApi;
