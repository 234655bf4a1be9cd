import { useRef } from 'react';
import { toast } from 'sonner';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import type { AddedWebhook } from './webhooks-add-form.tsx';

async function copySecret(secret: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(secret);
    toast.success('Gizli anahtar kopyalandı');
  } catch {
    toast.error('Kopyalanamadı. Anahtarı seçip elle kopyalayın.');
  }
}

/**
 * The new endpoint's signing secret, this once (the server keeps it sealed and never sends it again), and how the
 * receiver checks a delivery with it: the Standard Webhooks headers and the libraries that read them.
 */
export function WebhookSecretDialog({
  added,
  onClose,
}: {
  readonly added: AddedWebhook | null;
  readonly onClose: () => void;
}) {
  const copyRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={added !== null}
      onClose={onClose}
      title="Webhook’un gizli anahtarı"
      size="medium"
      initialFocus={copyRef}
      description={
        <p>
          Bu anahtar <strong>bir daha gösterilmeyecek</strong>. Şimdi kopyalayıp alıcı sisteminizde saklayın; her
          gönderimin imzasını onunla doğrularsınız.
        </p>
      }
      actions={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          Kaydettim
        </button>
      }
    >
      {added && (
        <div className="wh-secret">
          <p className="wh-secret__for">
            Adres: <span className="mono break-all">{added.url}</span>
          </p>
          <div className="wh-secret__row">
            <code className="wh-secret__value" data-testid="webhook-secret">
              {added.secret}
            </code>
            <button
              ref={copyRef}
              type="button"
              className="btn btn--secondary"
              onClick={() => void copySecret(added.secret)}
            >
              <Icon path={ICONS.copy} />
              Kopyala
            </button>
          </div>
          <details className="wh-hint">
            <summary>İmzayı nasıl doğrularım?</summary>
            <p>
              Her gönderim <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> belirtimine uyar ve üç
              başlık taşır: <code>webhook-id</code> (gönderimin kimliği; aynı kimlik ikinci kez gelirse yok sayın),{' '}
              <code>webhook-timestamp</code> (gönderim zamanı) ve <code>webhook-signature</code> (HMAC-SHA256 imzası).
            </p>
            <p>
              İsteğin gövdesini değiştirmeden, bu anahtar ve başlıklarla doğrulayın; örneğin Node.js’te{' '}
              <code>standardwebhooks</code> paketiyle: <code>new Webhook(anahtar).verify(gövde, başlıklar)</code>.
            </p>
          </details>
        </div>
      )}
    </Dialog>
  );
}
