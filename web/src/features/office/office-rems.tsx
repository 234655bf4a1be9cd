import { useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@kartvizit/schemas/messages';
import type { OfficeRole } from '@kartvizit/schemas/office/model';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { RemsKeyForm } from '../rems/rems-integration-page.tsx';
import { useRemoveOfficeRemsKeyMutation, useSaveOfficeRemsKeyMutation, type OfficeView } from './api.ts';
import '../rems/rems.css';

/**
 * 'REMS Bağlantısı' on Ofisim (issue 30, decision 61): one REMS key for every office card. While it is linked, a
 * visitor's 'Görüşme Planla' on any office card reaches the office's REMS; without it, each member's own key (REMS
 * Entegrasyonu) serves the office cards they hold. Yöneticis link and remove it; Danışmans see which applies.
 */
export function OfficeRems({ office, role }: { readonly office: OfficeView; readonly role: OfficeRole }) {
  const [save, { isLoading: saving }] = useSaveOfficeRemsKeyMutation();
  const [remove, { isLoading: removing }] = useRemoveOfficeRemsKeyMutation();
  const [confirming, setConfirming] = useState(false);
  const linked = office.rems.active;

  const onRemove = async () => {
    const result = await remove(office.id);
    if ('error' in result) {
      toast.error(MESSAGES.remsRemoveFailed);
      return;
    }
    setConfirming(false);
    toast.success(result.data.message || MESSAGES.remsIntegrationRemoved);
  };

  return (
    <section className="panel office-form" aria-labelledby="office-rems-title" aria-busy={saving || removing}>
      <h2 id="office-rems-title" className="office-form__title">
        REMS Bağlantısı
      </h2>
      {linked ? (
        <p className="office-note">
          Ofisin REMS hesabı bağlı (anahtarın son 4 karakteri:{' '}
          <span className="mono rems-key">
            <span aria-hidden="true">•••• </span>
            {office.rems.keyHint ?? '····'}
          </span>
          ). Ofis kartlarından “Görüşme Planla” ile gelen müşteriler ofisin REMS hesabına kaydedilir; danışmanların
          kişisel kartları kendi anahtarlarını kullanır.
        </p>
      ) : (
        <p className="office-note">
          Ofisin REMS hesabı bağlı değil: her danışmanın ofis kartları, danışmanın kendi REMS anahtarıyla (REMS
          Entegrasyonu) çalışır. Bir anahtar bağlarsanız tüm ofis kartlarından gelen müşteriler ofisin REMS hesabına
          gider.
        </p>
      )}
      {role !== 'admin' ? (
        <p className="office-note">REMS bağlantısını ofis yöneticileri değiştirir.</p>
      ) : linked ? (
        <div>
          <button type="button" className="btn rems-remove" onClick={() => setConfirming(true)}>
            Ofisin REMS Bağlantısını Kaldır
          </button>
        </div>
      ) : (
        <RemsKeyForm save={(apiKey) => save({ officeId: office.id, apiKey })} saving={saving} />
      )}
      <ConfirmDialog
        open={confirming}
        title="Ofisin REMS bağlantısı kaldırılsın mı?"
        description={
          <p>
            Ofisin anahtarı silinir. Ofis kartlarından gelen müşteriler bundan sonra kartı taşıyan danışmanın kendi REMS
            hesabına gider; anahtarı olmayan danışmanların kartlarında “Görüşme Planla” görünmez.
          </p>
        }
        confirmLabel="Bağlantıyı Kaldır"
        busyLabel="Kaldırılıyor..."
        tone="danger"
        busy={removing}
        onConfirm={() => void onRemove()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
