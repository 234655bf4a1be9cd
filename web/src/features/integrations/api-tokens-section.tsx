import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@kartvizit/schemas/messages';
import type { ApiTokenView } from '@kartvizit/schemas/account/token-http';
import { formatDateTime } from '../../shared/format.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useGetApiTokensQuery, useRevokeApiTokenMutation } from './api-tokens-api.ts';
import { STATE_LABELS } from './api-tokens-facts.ts';
import { ApiTokenForm, type CreatedApiToken } from './api-tokens-form.tsx';
import './api-tokens.css';

async function copyToken(token: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(token);
    toast.success('API anahtarı kopyalandı');
  } catch {
    toast.error('Kopyalanamadı. Anahtarı seçip elle kopyalayın.');
  }
}

/**
 * 'Kişisel API Anahtarları' on /integrations (issue 35): the owner's tokens with their scopes, expiry and last use,
 * 'İptal Et' behind a confirmation, and the form that makes one; a new token is shown here once.
 */
export function ApiTokensSection() {
  const titleId = useId();
  const listTitleId = useId();
  const newTitleId = useId();
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const { data, isLoading, isError, isFetching, refetch } = useGetApiTokensQuery();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);
  const [revoke, { isLoading: revokingNow }] = useRevokeApiTokenMutation();
  const focusListNext = useRef(false);
  const tokens = data?.data ?? [];

  useEffect(() => {
    if (created) copyRef.current?.focus();
  }, [created]);
  // After a revocation the button that held the focus is gone: the list's heading takes it.
  useEffect(() => {
    if (!focusListNext.current) return;
    focusListNext.current = false;
    listHeadingRef.current?.focus();
  });

  const onRevoke = async () => {
    if (!revoking) return;
    const result = await revoke(revoking.id);
    if ('error' in result) {
      toast.error(serverProblem(result.error)?.message ?? MESSAGES.serverError);
      return;
    }
    focusListNext.current = true;
    setRevoking(null);
    toast.success(result.data.message);
  };

  let list;
  if (isLoading) {
    list = <Spinner label="API anahtarları yükleniyor..." />;
  } else if (isError && !data) {
    list = (
      <div className="api-tokens-problem" role="alert">
        <p>API anahtarları yüklenemedi.</p>
        <button type="button" className="btn btn--secondary" onClick={() => void refetch()} disabled={isFetching}>
          Tekrar Dene
        </button>
      </div>
    );
  } else if (tokens.length === 0) {
    list = (
      <div className="empty-state api-tokens-empty">
        <p className="empty-state__title">Henüz API anahtarı oluşturmadınız.</p>
        <p className="empty-state__text">
          Bir API anahtarıyla kendi yazılımınız ya da bir otomasyon aracı, bağlantılarınızı, ürünlerinizi ve
          istatistiklerinizi sizin adınıza okuyabilir ya da güncelleyebilir.
        </p>
      </div>
    );
  } else {
    list = (
      <ul className="api-tokens-list" aria-labelledby={listTitleId}>
        {tokens.map((token) => (
          <ApiTokenItem key={token.id} token={token} onRevoke={() => setRevoking(token)} />
        ))}
      </ul>
    );
  }

  return (
    <section className="panel integrations-section" aria-labelledby={titleId}>
      <div className="api-tokens-intro">
        <h2 id={titleId} className="integrations-section__title">
          Kişisel API Anahtarları
        </h2>
        <p className="api-tokens-muted">
          API’ye oturum açmadan erişmek için: isteklerde <code>Authorization: Bearer &lt;anahtar&gt;</code> başlığını
          gönderin. Her anahtar yalnızca seçtiğiniz yetkilerle ve süresi dolana dek çalışır.
        </p>
      </div>

      {created && (
        <div className="api-tokens-new" role="region" aria-labelledby={newTitleId}>
          <h3 id={newTitleId} className="api-tokens-subtitle">
            “{created.name}” anahtarınız hazır
          </h3>
          <p className="api-tokens-warning">
            <strong>Bu anahtar bir daha gösterilmeyecek.</strong> Şimdi kopyalayıp güvenli bir yerde saklayın;
            kaybederseniz iptal edip yenisini oluşturun.
          </p>
          <div className="api-tokens-new__row">
            <code className="api-tokens-new__value" data-testid="api-token-value">
              {created.token}
            </code>
            <button
              ref={copyRef}
              type="button"
              className="btn btn--secondary"
              onClick={() => void copyToken(created.token)}
            >
              <Icon path={ICONS.copy} />
              Kopyala
            </button>
          </div>
          <div>
            <button type="button" className="btn btn--ghost" onClick={() => setCreated(null)}>
              Kaydettim, Kapat
            </button>
          </div>
        </div>
      )}

      <div className="api-tokens-block">
        <h3 id={listTitleId} ref={listHeadingRef} className="api-tokens-subtitle" tabIndex={-1}>
          Anahtarlarınız
        </h3>
        {list}
      </div>

      <ApiTokenForm onCreated={setCreated} />

      <ConfirmDialog
        open={revoking !== null}
        title="API anahtarı iptal edilsin mi?"
        description={<p>“{revoking?.name}” anahtarını kullanan her istek hemen reddedilir. Bu işlem geri alınamaz.</p>}
        confirmLabel="İptal Et"
        busyLabel="İptal ediliyor..."
        tone="danger"
        busy={revokingNow}
        onConfirm={() => void onRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}

function ApiTokenItem({ token, onRevoke }: { readonly token: ApiTokenView; readonly onRevoke: () => void }) {
  const badge =
    token.state === 'active' ? 'api-tokens-badge--ok' : token.state === 'expired' ? 'api-tokens-badge--wait' : '';
  return (
    <li className="api-tokens-item" data-testid="api-token">
      <div className="api-tokens-item__head">
        <span className="api-tokens-item__name">{token.name}</span>
        <span className={`api-tokens-badge ${badge}`}>{STATE_LABELS[token.state]}</span>
      </div>
      <dl className="api-tokens-item__facts">
        <div>
          <dt>Yetkiler</dt>
          <dd className="api-tokens-item__scopes">
            {token.scopes.map((scope) => (
              <span key={scope} className="api-tokens-code">
                {scope}
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt>Oluşturulma</dt>
          <dd>{formatDateTime(token.createdAt)}</dd>
        </div>
        <div>
          <dt>{token.state === 'expired' ? 'Süresi doldu' : 'Geçerlilik sonu'}</dt>
          <dd>{formatDateTime(token.expiresAt)}</dd>
        </div>
        <div>
          <dt>Son kullanım</dt>
          <dd>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Hiç kullanılmadı'}</dd>
        </div>
        {token.revokedAt && (
          <div>
            <dt>İptal</dt>
            <dd>{formatDateTime(token.revokedAt)}</dd>
          </div>
        )}
      </dl>
      {token.state === 'active' && (
        <div>
          <button
            type="button"
            className="btn btn--secondary api-tokens-item__revoke"
            onClick={onRevoke}
            aria-label={`${token.name} anahtarını iptal et`}
          >
            İptal Et
          </button>
        </div>
      )}
    </li>
  );
}
