import { api } from '../../app/api.ts';

/** How a meeting was made: a provider of issue 15, or the .ics file the owner downloaded. */
export type MeetingKind = 'google' | 'microsoft' | 'zoom' | 'calendly' | 'ics';

/** One row of `GET /api/meetings` (the `meetings` read model): what the owner created from their card. */
export interface Meeting {
  readonly meetingId: string;
  readonly provider: MeetingKind;
  readonly title: string;
  readonly startTime: string | null;
  readonly endTime: string | null;
  /** The provider's page (event, Zoom join link, Calendly booking link); null for an .ics file. */
  readonly link: string | null;
  readonly attendees: readonly string[];
  readonly scheduledAt: string;
}

export type MeetingProviders = Readonly<Record<'google' | 'microsoft' | 'zoom' | 'calendly', boolean>>;

/**
 * A meeting made on the owner's card (another tab, or the card page) shows here on the next read; one made here
 * ('Toplantı Planla' on this screen) at once: the tools invalidate the list (`meetingScheduled`).
 */
const MEETINGS = { type: 'Meeting', id: 'LIST' } as const;

/** The list is read again (with the write's position, so it holds the new meeting). */
export const meetingScheduled = () => meetingApi.util.invalidateTags([MEETINGS]);

export const meetingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMeetings: build.query<{ readonly meetings: readonly Meeting[] }, void>({
      query: () => '/meetings',
      providesTags: [MEETINGS],
    }),
    /** Which providers this server has an OAuth client for (the others are shown as not configured). */
    getMeetingProviders: build.query<MeetingProviders, void>({
      query: () => '/integration/providers',
    }),
  }),
});

export const { useGetMeetingsQuery, useGetMeetingProvidersQuery } = meetingApi;
