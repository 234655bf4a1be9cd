import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@kartvizit/schemas/messages';
import type { WebhookView } from '@kartvizit/schemas/webhook/http';
import { MAX_WEBHOOK_ENDPOINTS } from '@kartvizit/schemas/webhook/model';
import { formatDateTime } from '../../shared/format.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useGetCurrentOfficeQuery } from '../office/api.ts';
import { AddWebhookForm, type AddedWebhook } from './webhooks-add-form.tsx';
import { useChangeWebhookMutation, useGetWebhooksQuery, useRemoveWebhookMutation } from './webhooks-api.ts';
import { WebhookDeliveryLog } from './webhooks-deliveries.tsx';
import { deliveryStatusLabel, endpointStatusLabel, eventsLine, officeBadgeLabel } from './webhooks-facts.ts';
import { WebhookSecretDialog } from './webhooks-secret-dialog.tsx';
import './webhooks.css';

/**
 * 'Webhook’lar' on /integrations (issue 35): the owner's endpoints with their state and delivery logs, and the form
 * that adds one; the new endpoint's secret is shown once, in a dialog. An office's endpoints (listed to its admins)
 * carry an 'Ofis' badge with the office's name.
 */
export function WebhooksSection() {
  const titleId = useId();
  const listTitleId = useId();
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const { data, isLoading, isError, isFetching, refetch } = useGetWebhooksQuery();
  const [added, setAdded] = useState<AddedWebhook | null>(null);
  const [removing, setRemoving] = useState<WebhookView | null>(null);
  const [remove, { isLoading: removingNow }] = useRemoveWebhookMutation();
  const focusListNext = useRef(false);
  const endpoints = data?.data ?? [];
  const currentOffice = useGetCurrentOfficeQuery().data?.data?.office;
  const office = currentOffice ? { id: currentOffice.id, name: currentOffice.details.name } : null;

  // After a removal the item that held the focus is gone: the list's heading takes it. This runs after the dialog has
  // handed the focus back to 'Sil' (children's effects run first).
  useEffect(() => {
    if (!focusListNext.current) return;
    focusListNext.current = false;
    listHeadingRef.current?.focus();
  });

  const onRemove = async () => {
    if (!removing) return;
    const result = await remove(removing.id);
    if ('error' in result) {
      toast.error(serverProblem(result.error)?.message ?? MESSAGES.serverError);
      return;
    }
    focusListNext.current = true;
    setRemoving(null);
    toast.success(result.data.message);
  };

  let list;
  if (isLoading) {
    list = <Spinner label="Webhook’lar yükleniyor..." />;
  } else if (isError && !data) {
    list = (
      <div className="wh-problem" role="alert">
        <p>{MESSAGES.webhookListLoadFailed}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void refetch()} disabled={isFetching}>
          Tekrar Dene
        </button>
      </div>
    );
  } else if (endpoints.length === 0) {
    list = (
      <div className="empty-state wh-empty">
        <p className="empty-state__title">Henüz webhook eklemediniz.</p>
        <p className="empty-state__text">
          Webhook, kartlarınızda bir şey olduğunda (yeni bir bağlantı, bir REMS kaydı, planlanan bir toplantı) bunu
          CRM’inize, kendi sisteminize ya da Zapier gibi bir otomasyon aracına anında, imzalı bir istekle bildirir.
        </p>
      </div>
    );
  } else {
    list = (
      <ul className="wh-list" aria-labelledby={listTitleId}>
        {endpoints.map((endpoint) => (
          <WebhookItem
            key={endpoint.id}
            endpoint={endpoint}
            officeLabel={officeBadgeLabel(endpoint, office)}
            onRemove={() => setRemoving(endpoint)}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="panel integrations-section" aria-labelledby={titleId}>
      <div className="wh-intro">
        <h2 id={titleId} className="integrations-section__title">
          Webhook’lar
        </h2>
        <p className="wh-muted">
          Seçtiğiniz olaylar, Standard Webhooks belirtimine göre imzalanmış JSON istekleriyle adresinize gönderilir.
          Ulaşamayan gönderimler 24 saat boyunca yeniden denenir.
        </p>
      </div>

      <div className="wh-block">
        <h3 id={listTitleId} ref={listHeadingRef} className="wh-subtitle" tabIndex={-1}>
          Eklenen webhook’lar
        </h3>
        {list}
      </div>

      {endpoints.length >= MAX_WEBHOOK_ENDPOINTS ? (
        <p className="wh-muted">
          En fazla {MAX_WEBHOOK_ENDPOINTS} webhook ekleyebilirsiniz; yenisi için önce birini silin.
        </p>
      ) : (
        <AddWebhookForm onAdded={setAdded} />
      )}

      <WebhookSecretDialog added={added} onClose={() => setAdded(null)} />
      <ConfirmDialog
        open={removing !== null}
        title="Webhook silinsin mi?"
        description={
          <p>
            <span className="mono break-all">{removing?.url}</span> adresine artık gönderim yapılmaz; sıradaki
            gönderimler atlanır. Bu işlem geri alınamaz.
          </p>
        }
        confirmLabel="Sil"
        busyLabel="Siliniyor..."
        tone="danger"
        busy={removingNow}
        onConfirm={() => void onRemove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

function WebhookItem({
  endpoint,
  officeLabel,
  onRemove,
}: {
  readonly endpoint: WebhookView;
  readonly officeLabel: string | null;
  readonly onRemove: () => void;
}) {
  const logId = useId();
  const [logOpen, setLogOpen] = useState(false);
  const [change, { isLoading: changing }] = useChangeWebhookMutation();
  const paused = endpoint.status === 'paused';

  // 'Duraklat' and 'Yeniden Etkinleştir': no confirmation, the server's message as a toast.
  const onSetActive = async (active: boolean) => {
    const result = await change({ id: endpoint.id, body: { active } });
    if ('error' in result) {
      toast.error(serverProblem(result.error)?.message ?? MESSAGES.serverError);
      return;
    }
    toast.success(result.data.message);
  };

  return (
    <li className="wh-item" data-testid="webhook-endpoint">
      <div className="wh-item__head">
        <span className="mono wh-item__url">{endpoint.url}</span>
        <span className="wh-item__badges">
          {officeLabel && <span className="wh-badge wh-badge--office">{officeLabel}</span>}
          <span
            className={`wh-badge ${paused ? 'wh-badge--bad' : endpoint.failingSince ? 'wh-badge--wait' : 'wh-badge--ok'}`}
          >
            {endpointStatusLabel(endpoint)}
          </span>
        </span>
      </div>
      <dl className="wh-item__facts">
        <div>
          <dt>Olaylar</dt>
          <dd>{eventsLine(endpoint.events)}</dd>
        </div>
        <div>
          <dt>Kişisel veriler</dt>
          <dd>{endpoint.personalData ? 'Gönderiliyor' : 'Gönderilmiyor'}</dd>
        </div>
        {endpoint.lastDeliveryAt && (
          <div>
            <dt>Son gönderim</dt>
            <dd>
              <time dateTime={endpoint.lastDeliveryAt}>{formatDateTime(endpoint.lastDeliveryAt)}</time>
              {endpoint.lastDeliveryStatus && ` · ${deliveryStatusLabel(endpoint.lastDeliveryStatus)}`}
            </dd>
          </div>
        )}
      </dl>
      {paused ? (
        <p className="wh-note wh-note--bad">
          <Icon path={ICONS.pause} />
          <span>
            {endpoint.pausedAt ? `${formatDateTime(endpoint.pausedAt)} tarihinde duraklatıldı` : 'Duraklatıldı'}
            {endpoint.pausedAutomatically ? ': üç gün boyunca hiçbir gönderim ulaşmadı' : ''}. Duraklatılmışken olaylar
            gönderilmez; yeniden etkinleştirdiğinizde yeni olaylar gider.
          </span>
        </p>
      ) : (
        endpoint.failingSince && (
          <p className="wh-note wh-note--wait">
            <Icon path={ICONS.warning} />
            <span>
              <time dateTime={endpoint.failingSince}>{formatDateTime(endpoint.failingSince)}</time> tarihinden beri
              gönderimler ulaşmıyor. Üç gün böyle sürerse webhook duraklatılır ve size e-posta gönderilir.
            </span>
          </p>
        )
      )}
      <div className="wh-item__actions">
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          onClick={() => setLogOpen((open) => !open)}
        >
          Kayıtlar
        </button>
        {paused ? (
          <button
            type="button"
            className="btn btn--primary btn--sm"
            onClick={() => void onSetActive(true)}
            disabled={changing}
            aria-busy={changing}
          >
            {changing ? 'Etkinleştiriliyor...' : 'Yeniden Etkinleştir'}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => void onSetActive(false)}
            disabled={changing}
            aria-busy={changing}
          >
            {changing ? 'Duraklatılıyor...' : 'Duraklat'}
          </button>
        )}
        <button type="button" className="btn btn--sm wh-danger" onClick={onRemove}>
          Sil
        </button>
      </div>
      {logOpen && <WebhookDeliveryLog endpointId={endpoint.id} id={logId} />}
    </li>
  );
}
