import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { toast } from 'sonner';
import type { Profile } from '@kartvizit/schemas/profile/http';
import { QR_LOGOS, type QrLogo } from '@kartvizit/schemas/share/model';
import { qrStyleProblem } from '@kartvizit/schemas/share/rules';
import { commandOutcome, toastFailure } from '../../shared/command-outcome.ts';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import type { Card } from '../card/api.ts';
import { useSaveQrStyleMutation, type QrStyleDraft, type SavedQrStyle } from './api.ts';
import { BrandedQrImage } from './branded-qr-image.tsx';
import { qrLogoUrl } from './share-facts.ts';
import { ShareSection } from './share-section.tsx';
import { brandedQrFileName, brandedQrUrl, readableUrl } from './share-urls.ts';

const LOGO_LABELS: { readonly [L in QrLogo]: string } = {
  none: 'Yok',
  profile: 'Profil logosu',
  office: 'Ofis logosu',
};

const SAVE_FALLBACKS = {
  failed: 'QR kod görünümü kaydedilemedi.',
  error: 'QR kod görünümü kaydedilirken bir hata oluştu. Bağlantınızı kontrol edip tekrar deneyin.',
};

/** The preview's drawn size; CSS shows it at most 16rem wide. */
const PREVIEW_PIXELS = 480;

interface QrSectionProps {
  readonly card: Card;
  readonly saved: SavedQrStyle;
  readonly profile: Profile | null;
  /** The office's logo address; undefined when the owner is in no office (no 'Ofis logosu' then). */
  readonly officeLogoUrl: string | undefined;
}

/**
 * 'QR Kod': the card's QR in the owner's colours, with the profile's or the office's logo in the centre (error
 * correction H). The preview is drawn here as the owner picks; the colours are checked with the server's own rule
 * (too little contrast, or light modules on a dark ground, will not scan) before anything is sent. The downloads are
 * the server's PNG and SVG of the saved look.
 */
/** One of the two colour pickers, with the colour written beside it. */
function ColourField({
  id,
  label,
  inputRef,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  readonly id: string;
  readonly label: string;
  readonly inputRef: RefObject<HTMLInputElement | null>;
  readonly value: string;
  readonly invalid: boolean | undefined;
  readonly describedBy: string | undefined;
  readonly onChange: (value: string) => void;
}) {
  return (
    <div className="share-colour">
      <label htmlFor={id} className="card-field__label">
        {label}
      </label>
      <div className="share-colour__row">
        <input
          ref={inputRef}
          id={id}
          type="color"
          className="share-colour__input"
          value={value}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        <span className="share-colour__value mono">{value.toLocaleUpperCase('en-US')}</span>
      </div>
    </div>
  );
}

export function QrSection({ card, saved, profile, officeLogoUrl }: QrSectionProps) {
  const [draft, setDraft] = useState<QrStyleDraft>({
    foreground: saved.foreground,
    background: saved.background,
    logo: saved.logo,
  });
  const [serverProblem, setServerProblem] = useState<{ message: string; field: string | null } | null>(null);
  const [save, { isLoading: saving }] = useSaveQrStyleMutation();
  const foregroundRef = useRef<HTMLInputElement>(null);
  const backgroundRef = useRef<HTMLInputElement>(null);
  const foregroundId = useId();
  const backgroundId = useId();
  const problemId = useId();
  const logoHintId = useId();

  const problem = qrStyleProblem(draft);
  const shownProblem = problem ?? serverProblem;
  const changed =
    draft.foreground.toLowerCase() !== saved.foreground.toLowerCase() ||
    draft.background.toLowerCase() !== saved.background.toLowerCase() ||
    draft.logo !== saved.logo;
  const inOffice = officeLogoUrl !== undefined;
  const logos = QR_LOGOS.filter((logo) => logo !== 'office' || inOffice || saved.logo === 'office');
  const logoUrl = qrLogoUrl(draft.logo, profile, officeLogoUrl);
  const missingLogo =
    draft.logo === 'profile' && !logoUrl
      ? 'Profilinizde şirket logosu yok; Profil Ayarları’ndan ekleyene kadar QR kod logosuz çizilir.'
      : draft.logo === 'office' && !logoUrl
        ? 'Ofisinizin logosu yok; ofis logosu eklenene kadar QR kod logosuz çizilir.'
        : null;

  const change = (next: Partial<QrStyleDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setServerProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) {
      (problem.field === 'background' ? backgroundRef : foregroundRef).current?.focus();
      return;
    }
    const outcome = commandOutcome(await save(draft), SAVE_FALLBACKS);
    if (outcome.ok) {
      toast.success(outcome.response.message || 'QR kod görünümü kaydedildi');
      return;
    }
    if (outcome.problem?.field) {
      setServerProblem({ message: outcome.message, field: outcome.problem.field });
    } else {
      toastFailure(outcome);
    }
  };

  const invalid = (field: string) => (shownProblem?.field === field ? true : undefined);

  return (
    <ShareSection
      title="QR Kod"
      lead="QR kodunuzu kendi renklerinizle ve ortasında logonuzla kullanın: kart sayfanızda, cüzdanda, imzanızda ve Kartımı Göster’de."
      className="share-qr"
    >
      <div className="share-qr__layout">
        <form className="share-qr__form" onSubmit={(event) => void submit(event)} noValidate>
          <div className="share-qr__colours">
            {(['foreground', 'background'] as const).map((field) => (
              <ColourField
                key={field}
                id={field === 'foreground' ? foregroundId : backgroundId}
                label={field === 'foreground' ? 'Ön plan rengi' : 'Arka plan rengi'}
                inputRef={field === 'foreground' ? foregroundRef : backgroundRef}
                value={draft[field]}
                invalid={invalid(field)}
                describedBy={shownProblem ? problemId : undefined}
                onChange={(value) => change({ [field]: value })}
              />
            ))}
          </div>
          {shownProblem && (
            <p id={problemId} className="card-field__error share-problem" role="alert">
              <Icon path={ICONS.warning} />
              {shownProblem.message}
            </p>
          )}
          <fieldset className="share-choice" aria-describedby={missingLogo ? logoHintId : undefined}>
            <legend className="card-field__label">Ortadaki logo</legend>
            <div className="share-choice__options">
              {logos.map((logo) => (
                <label key={logo} className="share-choice__option">
                  <input
                    type="radio"
                    name={`qr-logo-${card.cardId}`}
                    value={logo}
                    checked={draft.logo === logo}
                    onChange={() => change({ logo })}
                  />
                  <span>{LOGO_LABELS[logo]}</span>
                </label>
              ))}
            </div>
            {missingLogo && (
              <p id={logoHintId} className="share-note">
                {missingLogo}
              </p>
            )}
          </fieldset>
          <div className="share-actions">
            <button type="submit" className="btn btn--primary" disabled={saving || !changed} aria-busy={saving}>
              {saving ? 'Kaydediliyor...' : 'Kaydet'}
            </button>
            {changed && !saving && (
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => {
                  setDraft({ foreground: saved.foreground, background: saved.background, logo: saved.logo });
                  setServerProblem(null);
                }}
              >
                Vazgeç
              </button>
            )}
          </div>
        </form>
        <figure className="share-qr__preview">
          <BrandedQrImage
            text={card.profileUrl}
            look={draft}
            logoUrl={logoUrl}
            pixels={PREVIEW_PIXELS}
            alwaysH
            className="share-qr__code"
            label={`QR kod önizlemesi: ${readableUrl(card.profileUrl)}`}
            failureText="QR kod önizlemesi çizilemedi."
          />
          <figcaption className="share-section__hint">
            {problem
              ? 'Önizleme: bu renklerle kaydedilemez.'
              : changed
                ? 'Önizleme: kaydettiğinizde her yerde bu görünüm kullanılır.'
                : 'Kayıtlı görünüm.'}
          </figcaption>
        </figure>
      </div>
      <div className="share-qr__downloads">
        <a
          className="btn btn--secondary"
          href={brandedQrUrl(card.cardId, saved.version, 'png', { download: true })}
          download={brandedQrFileName(card.cardId, 'png')}
        >
          <Icon path={ICONS.download} />
          PNG İndir
        </a>
        <a
          className="btn btn--secondary"
          href={brandedQrUrl(card.cardId, saved.version, 'svg', { download: true })}
          download={brandedQrFileName(card.cardId, 'svg')}
        >
          <Icon path={ICONS.download} />
          SVG İndir
        </a>
        <p className="share-section__hint">
          {changed
            ? 'İndirilen dosyalar kayıtlı görünümdedir; değişikliklerinizi önce kaydedin.'
            : 'PNG ekranlar ve paylaşım için, SVG baskı için uygundur.'}
        </p>
      </div>
    </ShareSection>
  );
}
