import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CalendarEventCreatedResponse,
  CalendlyLinkBody,
  CalendlyLinkCreatedResponse,
  ErrorResponse,
  errorAnswers,
  GoogleCalendarEventBody,
  IcsCalendarEventBody,
  MEETING_PROVIDER_LABELS,
  MESSAGES,
  OutlookCalendarEventBody,
  ZoomMeetingBody,
  ZoomMeetingCreatedResponse,
  checkCalendarEvent,
  checkCalendlyEventType,
  checkZoomMeeting,
  fillMeetingText,
  isValidEmail,
  meetingStreamId,
  normaliseEmail,
  validationError,
  type CalendarEventFields,
  type MeetingKind,
  type MeetingValidation,
} from '@kartvizit/schemas';
import { isConfigured, type MeetingProvider, type MeetingSettings } from '@kartvizit/infra/meetings/settings';
import {
  createCalendlyLink,
  createGoogleEvent,
  createOutlookEvent,
  createZoomMeeting,
  type ProviderOutcome,
} from '@kartvizit/infra/meetings/providers';
import { buildIcs, icsDisposition } from '@kartvizit/infra/meetings/ics';
import type { CommandContext } from '../core/context.ts';
import { meetingDecider, type ScheduleMeeting } from './decider.ts';
import { succeeded } from '@kartvizit/infra/http/answers';

const TAG = ['meeting'];
const ERRORS = errorAnswers(400, 401, 403, 413, 415, 429, 502, 503, 504);

export interface MeetingRouteSettings {
  /** The providers (issue 15); unset: none is configured, and every provider call answers 503. */
  readonly meetings?: MeetingSettings;
  /** PUBLIC_BASE_URL: its host names our .ics UIDs (`{meetingId}@{host}`). */
  readonly publicBaseUrl: string;
}

/** What the .ics organizer needs of other features, wired by the app (account/reader.ts, profile/reader.ts). */
export interface MeetingOwnerReaders {
  readonly accountContact: (
    ownerId: string,
  ) => Promise<{ readonly firstName: string; readonly lastName: string; readonly email: string } | null>;
  readonly profileName: (ownerId: string) => Promise<string>;
}

/** The first problem the shared rules found, as the one 400 the modal shows beside its field. */
function firstProblem<F extends string, V>(validation: MeetingValidation<F, V>): V {
  if (validation.ok) return validation.value;
  const entries = Object.entries(validation.problems) as [F, string | undefined][];
  const [field, message] = entries.find(([, text]) => text !== undefined) ?? [];
  throw validationError(message ?? MESSAGES.invalidRequest, field);
}

function providerText(text: string, provider: MeetingProvider, values: Record<string, string | number> = {}): string {
  return fillMeetingText(text, { provider: MEETING_PROVIDER_LABELS[provider], ...values });
}

function fail(reply: FastifyReply, status: number, message: string, field?: string): FastifyReply {
  return reply.code(status).send(field ? { success: false, message, field } : { success: false, message });
}

/**
 * The owner's meeting tools (SPEC §7 Meeting integrations, issue 15; decision 39): a Google or Outlook calendar event,
 * a Zoom meeting, a Calendly booking link (each made at the provider with the access token the owner's sign-in popup
 * handed the page), and an .ics invitation. Each success appends one MeetingScheduled for the 'Toplantılar' list.
 *
 * The token is used for the one call and forgotten: never in an event, a read model, a log line or an answer. A
 * provider's 401 answers 403 (our own 401 would sign the owner out of the dashboard) asking to sign in again there.
 */
export function meetingRoutes(context: CommandContext, settings: MeetingRouteSettings, owners: MeetingOwnerReaders) {
  const { commands, authRateLimit } = context;
  const uidHost = new URL(settings.publicBaseUrl).hostname;

  /** The provider's settings when it is configured here (its client id and secret are set), else null. */
  const configured = (provider: MeetingProvider) => {
    const provided = settings.meetings?.[provider];
    return provided && isConfigured(provided) ? provided : null;
  };

  const schedule = async (data: Omit<ScheduleMeeting['data'], 'now'>): Promise<string> => {
    const result = await commands.handle(
      meetingDecider,
      meetingStreamId(data.meetingId),
      { type: 'ScheduleMeeting', data: { ...data, now: new Date().toISOString() } },
      { metadata: { actor: data.ownerId } },
    );
    if (!result.position) throw new Error('A scheduled meeting must have been recorded');
    return result.position;
  };

  /**
   * Everything but a success, as the answer the modal shows after 'Etkinlik oluşturulamadı: …'. Only short codes of
   * our own are logged (the provider, its status, `timeout`): never its words, the body or the token.
   */
  const refuse = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    provider: MeetingProvider,
    outcome: Exclude<ProviderOutcome<T>, { kind: 'created' }>,
  ): FastifyReply => {
    switch (outcome.kind) {
      case 'unauthorized':
        return fail(reply, 403, providerText(MESSAGES.meetingProviderSignInAgain, provider));
      case 'rejected':
        request.log.warn({ provider, status: outcome.status }, 'a meeting provider refused the request');
        return fail(
          reply,
          502,
          outcome.message ?? providerText(MESSAGES.meetingProviderError, provider, { status: outcome.status }),
        );
      case 'not_found':
        return fail(reply, 400, MESSAGES.meetingCalendlyEventTypeUnknown, 'eventTypeId');
      case 'unreachable':
        request.log.warn({ provider, reason: outcome.reason }, 'a meeting provider could not be reached');
        return fail(reply, 504, providerText(MESSAGES.meetingProviderUnreachable, provider));
      default: {
        const unknown: never = outcome;
        return unknown;
      }
    }
  };

  /** The token the popup handed over, or the 400 that asks the owner to sign in first. */
  const tokenOf = (provider: MeetingProvider, value: string | null | undefined, field: string): string => {
    const token = value?.trim() ?? '';
    if (token === '') throw validationError(providerText(MESSAGES.meetingProviderTokenMissing, provider), field);
    return token;
  };

  /** The owner as their invitations name them: the profile's name (else the account's) and the account's e-mail. */
  const ownerAsOrganizer = async (ownerId: string): Promise<{ name: string; email: string } | null> => {
    const [account, fromProfile] = await Promise.all([owners.accountContact(ownerId), owners.profileName(ownerId)]);
    if (!account) return null;
    const name = fromProfile || `${account.firstName} ${account.lastName}`.trim();
    return { name: name || account.email, email: account.email };
  };

  const calendarEvent = async (
    request: FastifyRequest,
    reply: FastifyReply,
    ownerId: string,
    provider: 'google' | 'microsoft',
    event: CalendarEventFields,
    token: string,
  ) => {
    const api = configured(provider);
    if (!api) return fail(reply, 503, providerText(MESSAGES.meetingProviderNotConfigured, provider));
    const outcome =
      provider === 'google' ? await createGoogleEvent(api, token, event) : await createOutlookEvent(api, token, event);
    if (outcome.kind !== 'created') return refuse(request, reply, provider, outcome);
    const meetingId = randomUUID();
    const position = await schedule({
      meetingId,
      ownerId,
      provider,
      title: event.title,
      startTime: event.startTime,
      endTime: event.endTime,
      link: outcome.value.eventUrl,
      externalId: outcome.value.eventId,
      attendees: event.attendees,
    });
    return reply.code(201).send(
      succeeded({
        meetingId,
        eventId: outcome.value.eventId,
        eventUrl: outcome.value.eventUrl,
        position,
      }),
    );
  };

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    // Each call goes to a provider: limited per client like the REMS key check (off when the limit is 0).
    const config = { rateLimit: authRateLimit };

    api.post(
      '/api/integration/calendar/google',
      {
        schema: {
          tags: TAG,
          summary: 'Google Calendar etkinliği oluştur',
          security: [{ bearer: [] }],
          body: GoogleCalendarEventBody,
          response: { 201: CalendarEventCreatedResponse, ...ERRORS },
        },
        config: { ...config, owner: true, scope: false },
      },
      async (request, reply) => {
        const ownerId = request.person.id;
        const event = firstProblem(checkCalendarEvent(request.body));
        if (!configured('google'))
          return fail(reply, 503, providerText(MESSAGES.meetingProviderNotConfigured, 'google'));
        const token = tokenOf('google', request.body.credentials?.access_token, 'credentials');
        return calendarEvent(request, reply, ownerId, 'google', event, token);
      },
    );

    api.post(
      '/api/integration/calendar/outlook',
      {
        schema: {
          tags: TAG,
          summary: 'Outlook Calendar etkinliği oluştur',
          security: [{ bearer: [] }],
          body: OutlookCalendarEventBody,
          response: { 201: CalendarEventCreatedResponse, ...ERRORS },
        },
        config: { ...config, owner: true, scope: false },
      },
      async (request, reply) => {
        const ownerId = request.person.id;
        const event = firstProblem(checkCalendarEvent(request.body));
        if (!configured('microsoft'))
          return fail(reply, 503, providerText(MESSAGES.meetingProviderNotConfigured, 'microsoft'));
        const token = tokenOf('microsoft', request.body.accessToken, 'accessToken');
        return calendarEvent(request, reply, ownerId, 'microsoft', event, token);
      },
    );

    api.post(
      '/api/integration/meeting/zoom',
      {
        schema: {
          tags: TAG,
          summary: 'Zoom toplantısı oluştur',
          security: [{ bearer: [] }],
          body: ZoomMeetingBody,
          response: { 201: ZoomMeetingCreatedResponse, ...ERRORS },
        },
        config: { ...config, owner: true, scope: false },
      },
      async (request, reply) => {
        const ownerId = request.person.id;
        const meeting = firstProblem(checkZoomMeeting(request.body));
        const zoom = configured('zoom');
        if (!zoom) return fail(reply, 503, providerText(MESSAGES.meetingProviderNotConfigured, 'zoom'));
        const token = tokenOf('zoom', request.body.zoomToken, 'zoomToken');
        const outcome = await createZoomMeeting(zoom, token, meeting);
        if (outcome.kind !== 'created') return refuse(request, reply, 'zoom', outcome);
        const position = await schedule({
          meetingId: randomUUID(),
          ownerId,
          provider: 'zoom',
          title: meeting.topic,
          startTime: meeting.startTime,
          endTime: new Date(new Date(meeting.startTime).getTime() + meeting.duration * 60_000).toISOString(),
          link: outcome.value.meetingUrl,
          externalId: outcome.value.meetingId,
          attendees: [],
        });
        return reply.code(201).send(
          succeeded({
            meetingUrl: outcome.value.meetingUrl,
            meetingId: outcome.value.meetingId,
            password: outcome.value.password,
            position,
          }),
        );
      },
    );

    api.post(
      '/api/integration/appointment/calendly',
      {
        schema: {
          tags: TAG,
          summary: 'Calendly randevu linki oluştur',
          security: [{ bearer: [] }],
          body: CalendlyLinkBody,
          response: { 201: CalendlyLinkCreatedResponse, ...ERRORS },
        },
        config: { ...config, owner: true, scope: false },
      },
      async (request, reply) => {
        const ownerId = request.person.id;
        const { eventTypeId } = firstProblem(checkCalendlyEventType(request.body.eventTypeId));
        const calendly = configured('calendly');
        if (!calendly) return fail(reply, 503, providerText(MESSAGES.meetingProviderNotConfigured, 'calendly'));
        const token = tokenOf('calendly', request.body.calendlyToken, 'calendlyToken');
        const outcome = await createCalendlyLink(calendly, token, eventTypeId);
        if (outcome.kind !== 'created') return refuse(request, reply, 'calendly', outcome);
        const position = await schedule({
          meetingId: randomUUID(),
          ownerId,
          provider: 'calendly',
          title: MESSAGES.meetingCalendlyLinkTitle,
          startTime: null,
          endTime: null,
          link: outcome.value.bookingUrl,
          externalId: null,
          attendees: [],
        });
        return reply.code(201).send(succeeded({ bookingUrl: outcome.value.bookingUrl, position }));
      },
    );

    // Not typed through the TypeBox provider: the success is a file, not one of the JSON schemas.
    app.post<{ Body: IcsCalendarEventBody }>(
      '/api/integration/calendar/ics',
      {
        config: { owner: true, scope: false },
        schema: {
          tags: TAG,
          summary: 'iCal (.ics) dosyası oluştur',
          description:
            'text/calendar; charset=utf-8, downloaded as {title}.ics; the position of the recorded meeting in x-position.',
          security: [{ bearer: [] }],
          body: IcsCalendarEventBody,
          response: { 400: ErrorResponse, 401: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse },
        },
      },
      async (request, reply) => {
        const ownerId = request.person.id;
        const event = firstProblem(checkCalendarEvent(request.body));
        const given = request.body.organizer ?? null;
        const givenEmail = normaliseEmail(given?.email ?? '');
        if (givenEmail !== '' && !isValidEmail(givenEmail))
          throw validationError(MESSAGES.meetingOrganizerEmailInvalid, 'organizer');
        const owner = await ownerAsOrganizer(ownerId);
        const givenName = (given?.name ?? '').normalize('NFC').trim();
        const organizer =
          givenEmail !== ''
            ? { name: givenName || owner?.name || givenEmail, email: givenEmail }
            : owner && { name: givenName || owner.name, email: owner.email };
        const meetingId = randomUUID();
        const kind: MeetingKind = 'ics';
        const ics = buildIcs({
          uid: `${meetingId}@${uidHost}`,
          title: event.title,
          description: event.description,
          startTime: event.startTime,
          endTime: event.endTime,
          attendees: event.attendees,
          organizer,
          stamp: new Date(),
        });
        const position = await schedule({
          meetingId,
          ownerId,
          provider: kind,
          title: event.title,
          startTime: event.startTime,
          endTime: event.endTime,
          link: null,
          externalId: null,
          attendees: event.attendees,
        });
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', icsDisposition(event.title))
          .header('cache-control', 'no-store')
          .header('x-position', position)
          .send(ics);
      },
    );
  };
}
