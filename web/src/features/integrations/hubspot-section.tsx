import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import './hubspot.css';
import {
  hubspotApi,
  useDisconnectHubSpotMutation,
  useGetHubSpotStatusQuery,
  useStartHubSpotMutation,
} from './hubspot-api.ts';

/** How often the status is read again while connected, so the synced counts move without a reload. */
const HUBSPOT_STATUS_POLL_MS = 15_000;

const DATE = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeStyle: 'short' });

/**
 * 'HubSpot' on /integrations (issue 35): connect through HubSpot's OAuth, see what was synced, disconnect. While
 * connected the status is read again every 15 s, only while the tab is visible, so the counts follow new leads.
 */
export function HubSpotSection() {
  const titleId = useId();
  const [params, setParams] = useSearchParams();
  const connected = hubspotApi.endpoints.getHubSpotStatus.useQueryState().data?.connected ?? false;
  const status = useGetHubSpotStatusQuery(undefined, {
    pollingInterval: connected ? HUBSPOT_STATUS_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const [start, starting] = useStartHubSpotMutation();
  const [disconnect, disconnecting] = useDisconnectHubSpotMutation();
  const [confirming, setConfirming] = useState(false);

  // Back from HubSpot's consent screen: say how it went once, and drop the parameter.
  const returned = params.get('hubspot');
  useEffect(() => {
    if (returned === null) return;
    if (returned === 'connected') toast.success(MESSAGES.hubspotConnected);
    else toast.error(MESSAGES.hubspotConnectFailed);
    const next = new URLSearchParams(params);
    next.delete('hubspot');
    setParams(next, { replace: true });
  }, [returned, params, setParams]);

  async function connect() {
    const result = await start();
    if ('data' in result && result.data) window.location.assign(result.data.authorizationUrl);
    else toast.error(MESSAGES.hubspotConnectFailed);
  }

  async function confirmDisconnect() {
    const result = await disconnect();
    setConfirming(false);
    if ('data' in result && result.data) toast.success(result.data.message);
    else toast.error(MESSAGES.serverError);
    void status.refetch();
  }

  const data = status.data;
  return (
    <section className="panel integrations-section hubspot" aria-labelledby={titleId}>
      <h2 id={titleId} className="integrations-section__title">
        HubSpot
      </h2>
      <p className="hubspot__intro">
        Kartınızdan gelen her bağlantı HubSpot’ta kişi olarak eklenir ya da güncellenir; mesajı not olarak düşülür.
      </p>
      {status.isLoading ? (
        <p className="hubspot__muted">Yükleniyor…</p>
      ) : !data ? (
        <p className="hubspot__muted">{MESSAGES.serverError}</p>
      ) : !data.configured ? (
        <p className="hubspot__muted">{MESSAGES.hubspotNotConfigured}</p>
      ) : !data.connected ? (
        <button
          type="button"
          className="btn btn--primary hubspot__connect"
          onClick={() => void connect()}
          disabled={starting.isLoading}
        >
          {starting.isLoading ? 'Yönlendiriliyor…' : 'HubSpot’a Bağlan'}
        </button>
      ) : (
        <>
          <dl className="hubspot__facts">
            <div>
              <dt>HubSpot hesabı</dt>
              <dd>{data.portalId}</dd>
            </div>
            <div>
              <dt>Bağlandığı tarih</dt>
              <dd>{data.connectedAt ? DATE.format(new Date(data.connectedAt)) : '—'}</dd>
            </div>
            <div>
              <dt>Aktarılan kişiler</dt>
              <dd>
                {data.created} yeni, {data.updated} güncellenen
              </dd>
            </div>
            {data.lastFailure ? (
              <div className="hubspot__failure">
                <dt>Son hata ({data.failed} başarısız)</dt>
                <dd>
                  {data.lastFailure.message} · {DATE.format(new Date(data.lastFailure.failedAt))}
                </dd>
              </div>
            ) : null}
          </dl>
          <button type="button" className="btn hubspot__disconnect" onClick={() => setConfirming(true)}>
            Bağlantıyı Kes
          </button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="HubSpot bağlantısı kesilsin mi?"
        description="Yeni bağlantılarınız artık HubSpot’a aktarılmaz. HubSpot’taki kişiler ve notlar silinmez."
        confirmLabel="Bağlantıyı Kes"
        tone="danger"
        busy={disconnecting.isLoading}
        onConfirm={() => void confirmDisconnect()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
