import type { Bindings } from './bindings.ts';
import { TextAreaField, TextField } from './fields.tsx';
import { LockedField, useProfileLock } from './office-lock.tsx';
import { PROFILE_THEMES } from './options.ts';
import { Section } from './section.tsx';

interface Props {
  readonly bind: Bindings;
}

/** The card themes as radio buttons; the profile and the office ('Ofisim') both pick with it. */
export function ThemePicker({ value, onValue }: { readonly value: string; readonly onValue: (value: string) => void }) {
  return (
    <fieldset className="pf-themes pf-field--wide">
      <legend className="form-field__label">Kart teması</legend>
      <div className="pf-themes__list">
        {PROFILE_THEMES.map((theme) => (
          <label key={theme.value} className="pf-theme">
            <input
              type="radio"
              name="theme"
              value={theme.value}
              checked={value === theme.value}
              onChange={() => onValue(theme.value)}
            />
            <span
              className="pf-theme__swatch"
              aria-hidden="true"
              style={{ background: `linear-gradient(135deg, ${theme.colors[0]} 0 55%, ${theme.colors[1]} 55%)` }}
            />
            <span className="pf-theme__name">{theme.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function PersonalSection({ bind }: Props) {
  const theme = bind.scalar('theme');
  const companyLock = useProfileLock('company');
  const themeLock = useProfileLock('theme');
  return (
    <Section id="profil-kisisel" description="Kartınızda adınızın altında görünen bilgiler.">
      <div className="pf-grid">
        <TextField label="Ad" autoComplete="given-name" autoCapitalize="words" {...bind.scalar('firstName')} />
        <TextField label="Soyad" autoComplete="family-name" autoCapitalize="words" {...bind.scalar('lastName')} />
        <TextField label="Unvan" placeholder="Ör. Dr., Av., Mimar" optional {...bind.scalar('title')} />
        <TextField
          label="Pozisyon"
          placeholder="Ör. Gayrimenkul Danışmanı"
          autoComplete="organization-title"
          {...bind.scalar('jobTitle')}
        />
        {companyLock ? (
          <LockedField lock={companyLock} label="Şirket" />
        ) : (
          <TextField label="Şirket" autoComplete="organization" wide {...bind.scalar('company')} />
        )}
        <TextAreaField
          label="Hakkında"
          placeholder="Kendinizi ve işinizi birkaç cümleyle anlatın."
          optional
          {...bind.scalar('bio')}
        />
        {themeLock ? <LockedField lock={themeLock} /> : <ThemePicker value={theme.value} onValue={theme.onValue} />}
      </div>
    </Section>
  );
}

export function CompanySection({ bind }: Props) {
  const lock = useProfileLock('companyInfo');
  return (
    <Section
      id="profil-kurumsal"
      description="Kartınızın “Kurumsal Bilgiler” bölümünde, ziyaretçilerin kopyalayabileceği şekilde gösterilir."
    >
      {lock ? (
        <div className="pf-grid">
          <LockedField lock={lock} />
        </div>
      ) : (
        <div className="pf-grid">
          <TextField label="Vergi dairesi" {...bind.company('taxOffice')} />
          <TextField
            label="Vergi numarası"
            inputMode="numeric"
            autoComplete="off"
            hint="10 haneli VKN veya 11 haneli T.C. kimlik numarası"
            {...bind.company('taxNumber')}
          />
          <TextField label="MERSİS numarası" inputMode="numeric" autoComplete="off" {...bind.company('mersisNo')} />
          <TextField label="Ticaret sicil numarası" autoComplete="off" {...bind.company('registrationNumber')} />
          <TextField
            label="Kuruluş yılı"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Ör. 1998"
            maxLength={4}
            {...bind.company('foundedYear')}
          />
          <TextField
            label="Taşınmaz Ticareti Yetki Belgesi No"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Ör. 3401234"
            hint="İlanlarınızda ve kartınızın portföyünde gösterilir; yasa gereği zorunludur."
            {...bind.scalar('yetkiBelgesiNo')}
          />
        </div>
      )}
    </Section>
  );
}

export function InvoiceSection({ bind }: Props) {
  return (
    <Section id="profil-fatura" description="E-fatura kesilecek kişi veya şirketin bilgileri.">
      <div className="pf-grid">
        <TextField label="Fatura alıcısı" hint="Şirket unvanı veya ad soyad" {...bind.invoice('recipientName')} />
        <TextField
          label="Vergi / T.C. kimlik numarası"
          inputMode="numeric"
          autoComplete="off"
          {...bind.invoice('taxId')}
        />
        <TextField label="Vergi dairesi" {...bind.invoice('taxOffice')} />
        <TextAreaField label="Fatura adresi" rows={3} {...bind.invoice('address')} />
      </div>
    </Section>
  );
}
