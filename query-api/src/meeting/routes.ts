import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, isPublicLanguage } from '@kartvizit/schemas/language/model';
import { messagesFor } from '../language/messages.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CardParams,
  ErrorResponse,
  MEETINGS_LIST_LIMIT,
  MESSAGES,
  MeetingsResponse,
  PublicMeetingIcsQuery,
  checkCalendarEvent,
  isValidEmail,
  nextFullHour,
  normaliseEmail,
  notFoundError,
  parseCardId,
  validationError,
  type MeetingKind,
  type MeetingListItem,
  type Profile,
} from '@kartvizit/schemas';
import {
  MEETINGS_PROJECTION,
  RM_MEETINGS,
  SHOWN_CARDS,
  SHOWN_CARD_PROJECTIONS,
  type MeetingsRow,
  type ProfilesRow,
} from '@kartvizit/infra/read-models/contract';
import { buildIcs, icsDisposition } from '@kartvizit/infra/meetings/ics';
import type { QueryContext } from '../core/context.ts';
import { isMissingRelation } from '../core/sql.ts';
import { succeeded } from '@kartvizit/infra/http/answers';

export interface MeetingQuerySettings {
  /** PUBLIC_BASE_URL: its host names the visitor's invitation UID. */
  readonly publicBaseUrl: string;
}

const HOUR_MS = 60 * 60 * 1000;

type ListedRow = Omit<MeetingsRow, 'owner_id' | 'external_id' | 'last_stream_position'>;

async function findMeetings(context: QueryContext, ownerId: string): Promise<ListedRow[]> {
  try {
    const result = await context.pool.query<ListedRow>(
      `SELECT meeting_id, provider, title, start_time, end_time, link, attendees, scheduled_at
         FROM ${RM_MEETINGS} WHERE owner_id = $1
        ORDER BY scheduled_at DESC, meeting_id DESC LIMIT $2`,
      [ownerId, MEETINGS_LIST_LIMIT],
    );
    return result.rows;
  } catch (error) {
    // The read model's first generation is not built yet: no meetings to show.
    if (isMissingRelation(error)) return [];
    throw error;
  }
}

function toItem(row: ListedRow): MeetingListItem {
  return {
    meetingId: row.meeting_id,
    provider: row.provider as MeetingKind,
    title: row.title,
    startTime: row.start_time ? row.start_time.toISOString() : null,
    endTime: row.end_time ? row.end_time.toISOString() : null,
    link: row.link,
    attendees: [...row.attendees],
    scheduledAt: row.scheduled_at.toISOString(),
  };
}

/** The owner's profile as the card shows it, through the same clause (and so the same 404s) as the card page. */
async function findShownProfile(context: QueryContext, cardId: string): Promise<Partial<Profile> | undefined> {
  try {
    const result = await context.pool.query<Pick<ProfilesRow, 'data'>>(
      `SELECT p.data ${SHOWN_CARDS} AND c.card_id = $1`,
      [cardId],
    );
    return result.rows[0]?.data;
  } catch (error) {
    if (isMissingRelation(error)) return undefined;
    throw error;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value.normalize('NFC').trim() : '');

/**
 * The owner's 'Toplantılar' (issue 15): the meetings made with the meeting-planning modals, newest first; and the
 * visitor's 'Takvime Ekle' on a public card: an .ics invitation to meet the card's owner, organised by the owner as
 * the card shows them, made on the fly and stored nowhere.
 */
export function meetingQueries(context: QueryContext, settings: MeetingQuerySettings) {
  const uidHost = new URL(settings.publicBaseUrl).hostname;

  return async function routes(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/api/meetings',
      {
        schema: {
          tags: ['meeting'],
          summary: 'Toplantılar: oluşturulan toplantılar, en yenisi önce',
          security: [{ bearer: [] }],
          response: { 200: MeetingsResponse, 401: ErrorResponse },
        },
        config: { owner: true, scope: 'meetings:read', projections: [MEETINGS_PROJECTION] },
      },
      async (request, reply) => {
        const ownerId = request.person.id;
        const meetings = await findMeetings(context, ownerId);
        reply.header('cache-control', 'private, no-store');
        return succeeded({ meetings: meetings.map(toItem) });
      },
    );

    // Not typed through the TypeBox provider's answer: the success is a file, not one of the JSON schemas.
    app.get<{ Params: CardParams; Querystring: PublicMeetingIcsQuery }>(
      '/api/public/cards/:cardId/meeting.ics',
      {
        schema: {
          tags: ['public'],
          summary: "Ziyaretçinin 'Takvime Ekle' dosyası: kart sahibiyle bir görüşme (.ics)",
          description:
            'text/calendar; charset=utf-8, downloaded as "{owner full name} ile görüşme.ics". start/end: ISO 8601 ' +
            'instants with a zone; default the next full hour, for one hour.',
          params: CardParams,
          querystring: PublicMeetingIcsQuery,
          response: { 400: ErrorResponse, 404: ErrorResponse },
        },
        config: { projections: SHOWN_CARD_PROJECTIONS },
      },
      async (request, reply) => {
        const parsed = parseCardId(request.params.cardId);
        const profile = parsed.ok ? await findShownProfile(context, parsed.cardId) : undefined;
        if (!profile) throw notFoundError(MESSAGES.cardPublicProfileNotFound);

        const startText = text(request.query.start);
        const start = startText === '' ? nextFullHour(new Date()).toISOString() : startText;
        const endText = text(request.query.end);
        const startInstant = new Date(start).getTime();
        const end =
          endText !== '' ? endText : Number.isNaN(startInstant) ? '' : new Date(startInstant + HOUR_MS).toISOString();

        const fullName = [text(profile.firstName), text(profile.lastName)].filter(Boolean).join(' ');
        const name = fullName || text(profile.company) || 'Dijital Kartvizit';
        // The event in the language the visitor read the card in; the name stays as written (issue 31).
        const language = isPublicLanguage(request.query.lang) ? request.query.lang : DEFAULT_LANGUAGE;
        const title = messagesFor(language)('meetingIcsTitle', { name });
        const checked = checkCalendarEvent({ title, startTime: start, endTime: end });
        if (!checked.ok) {
          const field = checked.problems.startTime ? 'start' : checked.problems.endTime ? 'end' : undefined;
          const message = checked.problems.startTime ?? checked.problems.endTime ?? MESSAGES.invalidRequest;
          throw validationError(message, field);
        }
        const email = normaliseEmail(text(profile.email));
        const ics = buildIcs({
          uid: `${randomUUID()}@${uidHost}`,
          title: checked.value.title,
          description: '',
          startTime: checked.value.startTime,
          endTime: checked.value.endTime,
          attendees: [],
          organizer: isValidEmail(email) ? { name, email } : null,
          stamp: new Date(),
        });
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', icsDisposition(checked.value.title))
          .header('cache-control', 'no-store')
          .send(ics);
      },
    );
  };
}
