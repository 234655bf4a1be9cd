import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { RemsRecentIntegration } from '@kartvizit/schemas/rems/http';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { serverProblem } from '../../shared/server-problem.ts';
import { formatDateTime, formatNumber } from '../../shared/format.ts';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { useGetRemsStatsQuery, useRetryRemsKeyFailuresMutation, useRetryRemsRegistrationMutation } from './api.ts';

/**
 * How often the counters and 'Son Kayıtlar' are read again while the page is visible: a registration reaches REMS
 * moments after the visitor sends it, and nothing pushes REMS outcomes to the screen (the live stream is the
 * statistics'). Hidden tabs do not poll.
 */
export const REMS_STATS_POLL_MS = 5_000;

const STATUS_LABELS: Readonly<Record<RemsRecentIntegration['status'], string>> = {
  success: 'Başarılı',
  failed: 'Hata',
  pending: 'Bekliyor',
};

/** The counters, the offer to send again what failed for want of a key, and 'Son Kayıtlar' (SPEC, issue 14). */
export function RemsStats() {
  const titleId = useId();
  const { data, isLoading, isError, isFetching, refetch } = useGetRemsStatsQuery(undefined, {
    pollingInterval: REMS_STATS_POLL_MS,
    skipPollingIfUnfocused: true,
  });

  if (isLoading) return null;
  if (isError && !data) {
    return (
      <div className="card-problem panel" role="alert">
        <p className="card-problem__title">{MESSAGES.remsStatsLoadFailed}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void refetch()} disabled={isFetching}>
          Tekrar Dene
        </button>
      </div>
    );
  }
  if (!data) return null;

  return (
    <>
      <section className="rems-counters" aria-label="Kayıt sayıları">
        <div className="panel rems-counter rems-counter--success">
          <span className="rems-counter__label">Başarılı Kayıt</span>
          <span className="rems-counter__value" data-testid="rems-successful">
            {formatNumber(data.totalCustomers)}
          </span>
        </div>
        <div className="panel rems-counter rems-counter--failed">
          <span className="rems-counter__label">Başarısız Kayıt</span>
          <span className="rems-counter__value" data-testid="rems-failed">
            {formatNumber(data.failedRegistrations)}
          </span>
        </div>
        {data.pendingRegistrations > 0 && (
          <p className="rems-counters__pending">
            {formatNumber(data.pendingRegistrations)} kayıt REMS’e gönderilmeyi bekliyor.
          </p>
        )}
      </section>

      {data.keyFailures > 0 && <KeyFailuresOffer count={data.keyFailures} />}

      {data.recentIntegrations.length > 0 && (
        <section className="panel rems-recent" aria-labelledby={titleId}>
          <h2 id={titleId} className="rems-panel__title">
            Son Kayıtlar
          </h2>
          <ul className="rems-recent__list">
            {data.recentIntegrations.map((registration) => (
              <RecentItem key={registration.registrationId} registration={registration} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function RecentItem({ registration }: { readonly registration: RemsRecentIntegration }) {
  const [retry, { isLoading: retrying }] = useRetryRemsRegistrationMutation();
  const [sent, setSent] = useState(false);

  const onRetry = async () => {
    const result = await retry(registration.registrationId);
    if ('error' in result) {
      toast.error(serverProblem(result.error)?.message ?? `${MESSAGES.remsRetryFailed}. Lütfen tekrar deneyin.`);
      return;
    }
    setSent(true);
    toast.success(result.data.message || MESSAGES.remsRetryStarted);
  };

  return (
    <li className="rems-recent__item">
      <div className="rems-recent__who">
        <span className="rems-recent__name">{registration.customerName}</span>
        <span className="rems-recent__phone mono">{registration.customerPhoneFormatted}</span>
      </div>
      <div className="rems-recent__state">
        <span className={`rems-badge rems-badge--${registration.status}`}>{STATUS_LABELS[registration.status]}</span>
        <time className="rems-recent__date" dateTime={registration.createdAt}>
          {formatDateTime(registration.createdAt)}
        </time>
      </div>
      {registration.status === 'failed' && (
        <div className="rems-recent__failure">
          <p className="rems-recent__reason">
            <Icon path={ICONS.info} />
            <span>{registration.failureMessage}</span>
          </p>
          {registration.canRetry ? (
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => void onRetry()}
              disabled={retrying || sent}
              aria-busy={retrying}
              aria-label={`${registration.customerName} kaydını tekrar dene`}
            >
              {retrying ? 'Gönderiliyor...' : 'Tekrar Dene'}
            </button>
          ) : (
            <span className="rems-recent__hint">Tekrar denemek için önce bir API anahtarı kaydedin.</span>
          )}
        </div>
      )}
    </li>
  );
}

/** After a key is saved again: what failed for want of a working key may be sent again, all at once. */
function KeyFailuresOffer({ count }: { readonly count: number }) {
  const [retryAll, { isLoading }] = useRetryRemsKeyFailuresMutation();

  const onRetryAll = async () => {
    const result = await retryAll();
    if ('error' in result) {
      toast.error(serverProblem(result.error)?.message ?? `${MESSAGES.remsRetryFailed}. Lütfen tekrar deneyin.`);
      return;
    }
    toast.success(result.data.message);
  };

  return (
    <div className="panel rems-offer" role="status">
      <p>
        <strong>{formatNumber(count)} kayıt</strong> geçerli bir API anahtarı olmadığı için REMS’e gönderilemedi. Yeni
        anahtarınızla hepsini şimdi yeniden gönderebilirsiniz.
      </p>
      <button
        type="button"
        className="btn btn--primary btn--sm"
        onClick={() => void onRetryAll()}
        disabled={isLoading}
        aria-busy={isLoading}
      >
        {isLoading ? 'Gönderiliyor...' : 'Hepsini Yeniden Gönder'}
      </button>
    </div>
  );
}
