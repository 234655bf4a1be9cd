import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { OfficeRole } from '@kartvizit/schemas/office/model';
import { commandOutcome, toastFailure } from '../../shared/command-outcome.ts';
import { Switch } from '../../shared/ui/switch.tsx';
import { useChangeOfficeSecurityMutation, type OfficeView } from './api.ts';

/**
 * 'Güvenlik' on Ofisim (issue 34): a Yönetici can require two-step sign-in or a passkey of every member; a member who
 * has neither is led to set one up before anything else. Danışmans see whether it is required.
 */
export function OfficeSecurity({ office, role }: { readonly office: OfficeView; readonly role: OfficeRole }) {
  const id = useId();
  const [change, { isLoading }] = useChangeOfficeSecurityMutation();
  // What the person chose, until a refusal puts the office's own value back (as /account's switch does).
  const [shown, setShown] = useState<boolean | null>(null);
  const required = shown ?? office.requireSecondStep === true;
  const canEdit = role === 'admin';

  const onChange = async (next: boolean) => {
    setShown(next);
    const outcome = commandOutcome(await change({ officeId: office.id, requireSecondStep: next }));
    if (outcome.ok) {
      toast.success(outcome.response.message);
      return;
    }
    setShown(null);
    toastFailure(outcome);
  };

  return (
    <section className="panel office-form" aria-labelledby="office-security-title" aria-busy={isLoading}>
      <h2 id="office-security-title" className="office-form__title">
        Güvenlik
      </h2>
      <div className="switch-row">
        <div className="switch-row__text">
          <label className="field__label" htmlFor={id}>
            Tüm üyeler için iki adımlı doğrulama zorunlu
          </label>
          <p id={`${id}-hint`} className="office-note">
            Zorunlu olduğunda iki adımlı doğrulaması ya da geçiş anahtarı olmayan üyeler önce bunu kurar.
            {!canEdit && ' Bu ayarı ofis yöneticileri değiştirir.'}
          </p>
        </div>
        <Switch
          id={id}
          name="requireSecondStep"
          checked={required}
          disabled={!canEdit || isLoading}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void onChange(event.target.checked)}
        />
      </div>
    </section>
  );
}
