import { useId } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { MEETING_PROVIDER_LABELS } from '@kartvizit/schemas/meeting/messages';
import { formatDateTime } from '../../shared/format.ts';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { useGetMyCardsQuery } from '../card/api.ts';
import { cardStatus } from '../card/card-facts.ts';
import { useGetMeetingProvidersQuery, useGetMeetingsQuery, type Meeting, type MeetingProviders } from './api.ts';
import { isPastMeeting, MEETING_LINK_LABELS, meetingKindLabel, meetingWhen } from './meeting-facts.ts';
import { MeetingPlanner } from './meeting-planner.tsx';
import '../../shared/ui/states.css';
import '../card/card-common.css';
import './meetings.css';

const PROVIDERS = ['google', 'microsoft', 'zoom', 'calendly'] as const;

/**
 * 'Toplantılar' (/meetings, issue 15): 'Toplantı Planla' (the card's own tools, issue 28) and the meetings the owner
 * made here or on their own card, newest first.
 */
export function MeetingsPage() {
  const { data, isLoading, isError, isFetching, refetch } = useGetMeetingsQuery(undefined, {
    // A meeting is made on the card page, in another tab: coming back here shows it.
    refetchOnFocus: true,
  });
  const meetings = data?.meetings ?? [];
  const listId = useId();

  return (
    <div className="card-page meetings-page">
      <title>Toplantılar · Dijital Kartvizit</title>
      <header className="card-page__head">
        <div>
          <h1 className="card-page__title">Toplantılar</h1>
          <p className="card-page__lead">
            Takvim davetleri, Zoom toplantıları ve Calendly randevu linkleri: burada ya da kartınızda oluşturun.
          </p>
        </div>
      </header>

      <div className="meetings-layout">
        <div className="meetings-main">
          <MeetingPlanner />
          <section className="meetings-list" aria-labelledby={listId}>
            <h2 id={listId} className="meetings-section-title">
              Oluşturulan toplantılar
            </h2>
            {isLoading ? (
              <PageSpinner label="Toplantılar yükleniyor..." />
            ) : isError && !data ? (
              <div className="card-problem panel" role="alert">
                <p className="card-problem__title">Toplantılar yüklenemedi</p>
                <p>Bağlantınızı kontrol edip tekrar deneyin.</p>
                <button
                  type="button"
                  className="btn btn--secondary"
                  onClick={() => void refetch()}
                  disabled={isFetching}
                >
                  Tekrar Dene
                </button>
              </div>
            ) : meetings.length === 0 ? (
              <div className="panel meetings-empty">
                <p className="meetings-empty__title">Henüz toplantı oluşturmadınız.</p>
                <p>
                  “Toplantı Planla” bölümünden ya da kartınızdan bir takvim daveti, Zoom toplantısı veya Calendly linki
                  oluşturun; burada listelenir.
                </p>
              </div>
            ) : (
              <ul className="meeting-list">
                {meetings.map((meeting) => (
                  <MeetingItem key={meeting.meetingId} meeting={meeting} />
                ))}
              </ul>
            )}
          </section>
        </div>
        <HowToPlan />
      </div>
    </div>
  );
}

function MeetingItem({ meeting }: { readonly meeting: Meeting }) {
  const when = meetingWhen(meeting);
  const linkLabel = MEETING_LINK_LABELS[meeting.provider];
  const past = isPastMeeting(meeting, new Date());

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      toast.error(MESSAGES.copyFailed);
      return;
    }
    toast.success(MESSAGES.copied);
  };

  return (
    <li className={`panel meeting-item${past ? ' meeting-item--past' : ''}`}>
      <div className="meeting-item__head">
        <span className={`meeting-badge meeting-badge--${meeting.provider}`}>{meetingKindLabel(meeting.provider)}</span>
        {past && <span className="meeting-item__past">Geçmiş</span>}
      </div>
      <h3 className="meeting-item__title">{meeting.title}</h3>
      <p className="meeting-item__when">{when ?? 'Zamanı randevuyu alan kişi seçer (tek kullanımlık link).'}</p>
      {meeting.attendees.length > 0 && (
        <p className="meeting-item__attendees">
          <span className="meeting-item__label">Katılımcılar:</span> {meeting.attendees.join(', ')}
        </p>
      )}
      <div className="meeting-item__foot">
        <span className="meeting-item__created">Oluşturuldu: {formatDateTime(meeting.scheduledAt)}</span>
        {meeting.link !== null && linkLabel !== null && (
          <span className="meeting-item__actions">
            <a className="btn btn--secondary btn--sm" href={meeting.link} target="_blank" rel="noreferrer">
              <Icon path={ICONS.external} />
              {linkLabel}
            </a>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => void copy(meeting.link ?? '')}
              aria-label={`${meeting.title}: bağlantıyı kopyala`}
            >
              <Icon path={ICONS.copy} />
              Kopyala
            </button>
          </span>
        )}
      </div>
    </li>
  );
}

/** The same tools on the card, and which providers this server can use. */
function HowToPlan() {
  const titleId = useId();
  const { data: providers } = useGetMeetingProvidersQuery();
  const { data: cards } = useGetMyCardsQuery();
  const card = cards?.cards.find((candidate) => cardStatus(candidate) === 'active');

  return (
    <aside className="panel meetings-how" aria-labelledby={titleId}>
      <h2 id={titleId} className="meetings-section-title">
        Kartınızda da
      </h2>
      <p>
        Kartınızı bu tarayıcıda, oturumunuz açıkken açtığınızda aynı araçlar “Toplantı Planla” bölümünde de çıkar;
        bunları yalnızca siz görürsünüz, ziyaretçileriniz yalnızca “Takvime Ekle” düğmesini görür.
      </p>
      {card ? (
        <a className="btn btn--primary" href={card.profileUrl} target="_blank" rel="noreferrer">
          <Icon path={ICONS.external} />
          Kartımı Aç
        </a>
      ) : cards ? (
        <p>
          Önce bir kartınız olmalı: <Link to="/activate">kart aktifleştirin</Link>.
        </p>
      ) : null}
      {providers && <ProviderList providers={providers} />}
    </aside>
  );
}

function ProviderList({ providers }: { readonly providers: MeetingProviders }) {
  return (
    <ul className="meeting-providers" aria-label="Sağlayıcılar">
      {PROVIDERS.map((provider) => (
        <li key={provider} className="meeting-providers__item">
          <span>{MEETING_PROVIDER_LABELS[provider]}</span>
          <span className={providers[provider] ? 'meeting-providers__on' : 'meeting-providers__off'}>
            {providers[provider] ? 'Kullanılabilir' : 'Yapılandırılmamış'}
          </span>
        </li>
      ))}
    </ul>
  );
}
