import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@kartvizit/schemas/messages';
import type { WebhookDeliveryView } from '@kartvizit/schemas/webhook/http';
import { useAppDispatch } from '../../app/hooks.ts';
import { formatDateTime } from '../../shared/format.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useGetWebhookDeliveriesQuery, useRetryWebhookDeliveryMutation, webhooksApi } from './webhooks-api.ts';
import {
  canResend,
  deliveryReason,
  deliveryStatusLabel,
  deliveryStatusTone,
  eventLabel,
  excerptPreview,
  isInFlight,
} from './webhooks-facts.ts';

/** How often the log is read again while a delivery is on its way (pending or retrying); otherwise not at all. */
export const WEBHOOK_LOG_POLL_MS = 2_000;

/** The endpoint list, for its last-delivery line. */
const LIST_TAG = { type: 'Webhook', id: 'LIST' } as const;

/**
 * One endpoint's delivery log ('Kayıtlar'): newest first, a table on wide screens and a card per delivery on a phone
 * (webhooks.css), with 'Tekrar Gönder' on every delivery that has ended. Read again every two seconds while one is
 * still on its way; once none is (and on 'Yenile'), the endpoint list is read again for its last-delivery line.
 */
export function WebhookDeliveryLog({ endpointId, id }: { readonly endpointId: string; readonly id: string }) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const dispatch = useAppDispatch();
  const cached = webhooksApi.endpoints.getWebhookDeliveries.useQueryState(endpointId);
  const inFlight = cached.data?.data.some(isInFlight) ?? false;
  const { data, isLoading, isError, isFetching, refetch } = useGetWebhookDeliveriesQuery(endpointId, {
    pollingInterval: inFlight ? WEBHOOK_LOG_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const [retrying, setRetrying] = useState<string | null>(null);
  const [retry] = useRetryWebhookDeliveryMutation();

  // Opened by 'Kayıtlar': the reader lands on the log's heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const wasInFlight = useRef(inFlight);
  useEffect(() => {
    if (wasInFlight.current && !inFlight) dispatch(webhooksApi.util.invalidateTags([LIST_TAG]));
    wasInFlight.current = inFlight;
  }, [inFlight, dispatch]);

  const onRetry = async (delivery: WebhookDeliveryView) => {
    setRetrying(delivery.id);
    const result = await retry({ endpointId, deliveryId: delivery.id });
    setRetrying(null);
    if ('error' in result) {
      toast.error(serverProblem(result.error)?.message ?? MESSAGES.serverError);
      return;
    }
    toast.success(result.data.message);
  };

  let body;
  if (isLoading) {
    body = <Spinner label="Gönderim kaydı yükleniyor..." />;
  } else if (isError && !data) {
    body = (
      <div className="wh-log__problem" role="alert">
        <p>{MESSAGES.webhookDeliveriesLoadFailed}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void refetch()} disabled={isFetching}>
          Tekrar Dene
        </button>
      </div>
    );
  } else if (!data || data.data.length === 0) {
    body = (
      <p className="wh-muted">
        Henüz gönderim yok. Seçtiğiniz olaylardan biri gerçekleştiğinde gönderim burada görünür.
      </p>
    );
  } else {
    body = (
      <table className="wh-log__table">
        <caption className="visually-hidden">Son gönderimler, en yenisi üstte</caption>
        <thead>
          <tr>
            <th scope="col">Olay</th>
            <th scope="col">Durum</th>
            <th scope="col">Deneme</th>
            <th scope="col">Zaman</th>
            <th scope="col">HTTP</th>
            <th scope="col">Yanıt</th>
            <th scope="col">
              <span className="visually-hidden">İşlem</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.data.map((delivery) => (
            <DeliveryRow
              key={delivery.id}
              delivery={delivery}
              retrying={retrying === delivery.id}
              onRetry={() => void onRetry(delivery)}
            />
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <section id={id} className="wh-log" aria-labelledby={titleId} aria-busy={isFetching}>
      <div className="wh-log__head">
        <h4 id={titleId} ref={headingRef} className="wh-log__title" tabIndex={-1}>
          Gönderim kayıtları
        </h4>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => {
            void refetch();
            dispatch(webhooksApi.util.invalidateTags([LIST_TAG]));
          }}
          disabled={isFetching}
          aria-busy={isFetching}
        >
          <Icon path={ICONS.refresh} />
          Yenile
        </button>
      </div>
      {inFlight && (
        <p className="wh-muted" role="status">
          Yolda olan gönderimler var; kayıtlar kendiliğinden yenileniyor.
        </p>
      )}
      {body}
    </section>
  );
}

function DeliveryRow({
  delivery,
  retrying,
  onRetry,
}: {
  readonly delivery: WebhookDeliveryView;
  readonly retrying: boolean;
  readonly onRetry: () => void;
}) {
  const at = delivery.lastAttemptAt ?? delivery.createdAt;
  const reason = deliveryReason(delivery);
  const label = eventLabel(delivery.eventName);
  return (
    <tr data-testid="webhook-delivery" data-status={delivery.status}>
      <td data-label="Olay">
        <span className="wh-log__event">
          {label}
          <span className="wh-check__code">{delivery.eventName}</span>
        </span>
      </td>
      <td data-label="Durum">
        <span className="wh-log__status">
          <span className={`wh-badge wh-badge--${deliveryStatusTone(delivery.status)}`}>
            {deliveryStatusLabel(delivery.status)}
          </span>
          {reason && <span className="wh-log__reason">{reason}</span>}
        </span>
      </td>
      <td data-label="Deneme">{delivery.attempts}</td>
      <td data-label="Zaman">
        <time dateTime={at}>{formatDateTime(at)}</time>
      </td>
      <td data-label="HTTP" className="mono">
        {delivery.responseStatus ?? '—'}
      </td>
      <td data-label="Yanıt" className="wh-log__answer">
        <Excerpt excerpt={delivery.responseExcerpt} />
      </td>
      <td className="wh-log__action">
        {canResend(delivery) && (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={onRetry}
            disabled={retrying}
            aria-busy={retrying}
          >
            {retrying ? 'Gönderiliyor...' : 'Tekrar Gönder'}
            <span className="visually-hidden">: {label}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

/** The answer's first bytes, one short line; the whole excerpt (as the log keeps it) on request. */
function Excerpt({ excerpt }: { readonly excerpt: string }) {
  const [open, setOpen] = useState(false);
  const fullId = useId();
  if (excerpt.trim() === '') return <span className="wh-muted">—</span>;
  const preview = excerptPreview(excerpt);
  return (
    <span className="wh-excerpt">
      {open ? (
        <pre id={fullId} className="wh-excerpt__full">
          {excerpt}
        </pre>
      ) : (
        <code className="wh-excerpt__preview">{preview.text}</code>
      )}
      {preview.cut && (
        <button
          type="button"
          className="wh-link-button"
          aria-expanded={open}
          aria-controls={open ? fullId : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Kısalt' : 'Tamamını göster'}
        </button>
      )}
    </span>
  );
}
