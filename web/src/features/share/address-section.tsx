import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Profile } from '@kartvizit/schemas/profile/http';
import { PERSONAL_ADDRESS_GRACE_DAYS, PERSONAL_ADDRESS_PREFIX } from '@kartvizit/schemas/share/model';
import { personalAddressProblem, slugFrom } from '@kartvizit/schemas/share/rules';
import { commandOutcome, toastFailure } from '../../shared/command-outcome.ts';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import type { Card } from '../card/api.ts';
import { useRemovePersonalAddressMutation, useSavePersonalAddressMutation, type ShareSettings } from './api.ts';
import { formatShareDate, ownerName } from './share-facts.ts';
import { ShareSection } from './share-section.tsx';
import { readableUrl } from './share-urls.ts';

const SAVE_FALLBACKS = {
  failed: 'Kişisel adres kaydedilemedi.',
  error: 'Kişisel adres kaydedilirken bir hata oluştu. Bağlantınızı kontrol edip tekrar deneyin.',
};
const REMOVE_FALLBACKS = {
  failed: 'Kişisel adres kaldırılamadı.',
  error: 'Kişisel adres kaldırılırken bir hata oluştu. Bağlantınızı kontrol edip tekrar deneyin.',
};

function cardLabel(card: Card): string {
  return card.name?.trim() ? `${card.name.trim()} (${card.cardId})` : card.cardId;
}

interface AddressSectionProps {
  readonly cards: readonly Card[];
  readonly chosen: Card;
  readonly settings: ShareSettings;
  readonly profile: Profile | null;
}

/**
 * 'Kişisel Adres': `/k/{slug}`, an address the owner picks that opens one of their active cards. What they type is
 * folded as the server stores it (Turkish letters to ASCII, spaces to hyphens: 'Ayşe Yılmaz' → 'ayse-yilmaz') and
 * shown live; a changed address keeps leading to the card for 30 days before anyone else may take it.
 */
export function AddressSection({ cards, chosen, settings, profile }: AddressSectionProps) {
  const current = settings.address;
  const origin = new URL(chosen.profileUrl).origin;
  const suggestion = profile ? slugFrom(ownerName({ ...profile, title: '' })) : '';
  // Untouched (null): the current address, else one made from the owner's name once the profile has arrived.
  const [edited, setEdited] = useState<string | null>(null);
  const typed = edited ?? current?.slug ?? suggestion;
  const [cardId, setCardId] = useState(
    current && cards.some((card) => card.cardId === current.cardId) ? current.cardId : chosen.cardId,
  );
  const [shownProblem, setShownProblem] = useState<string | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [save, { isLoading: saving }] = useSavePersonalAddressMutation();
  const [remove, { isLoading: removing }] = useRemovePersonalAddressMutation();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const cardSelectId = useId();

  const slug = slugFrom(typed);
  const preview = `${readableUrl(origin)}${PERSONAL_ADDRESS_PREFIX}${slug || '…'}`;
  const unchanged = current !== null && current.slug === slug && current.cardId === cardId;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = personalAddressProblem(slug);
    if (problem) {
      setShownProblem(problem.message);
      inputRef.current?.focus();
      return;
    }
    const outcome = commandOutcome(await save({ slug, cardId }), SAVE_FALLBACKS);
    if (outcome.ok) {
      setShownProblem(null);
      setEdited(null);
      toast.success(outcome.response.message || 'Kişisel adresiniz kaydedildi');
      return;
    }
    if (outcome.problem?.field === 'slug') {
      setShownProblem(outcome.message);
      inputRef.current?.focus();
    } else {
      toastFailure(outcome);
    }
  };

  const confirmRemoval = async () => {
    const outcome = commandOutcome(await remove(), REMOVE_FALLBACKS);
    setConfirmingRemoval(false);
    if (outcome.ok) toast.success(outcome.response.message || 'Kişisel adresiniz kaldırıldı');
    else toastFailure(outcome);
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Adres kopyalandı!');
    } catch {
      toast.error('Kopyalama başarısız!');
    }
  };

  const currentCard = current ? cards.find((card) => card.cardId === current.cardId) : undefined;

  return (
    <ShareSection
      title="Kişisel Adres"
      lead="Kartınızı akılda kalan, kendi seçtiğiniz bir adresle paylaşın."
      className="share-address"
    >
      {current && (
        <div className="share-address__current">
          <p className="card-field__label">Şu anki adresiniz</p>
          <div className="share-address__row">
            <a className="share-address__link" href={current.url} target="_blank" rel="noopener noreferrer">
              {readableUrl(current.url)}
              <span className="visually-hidden"> (yeni sekmede açılır)</span>
            </a>
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => void copy(current.url)}>
              <Icon path={ICONS.copy} />
              Adresi Kopyala
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={removing}
              onClick={() => setConfirmingRemoval(true)}
            >
              Kaldır
            </button>
          </div>
          <p className="share-section__hint">
            {currentCard
              ? `${cardLabel(currentCard)} kartını açar.`
              : 'Açtığı kart artık aktif değil; yeni bir kart seçin.'}
          </p>
        </div>
      )}
      <form className="share-address__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="card-field">
          <label htmlFor={inputId} className="card-field__label">
            {current ? 'Yeni adres' : 'Adres'}
          </label>
          <div className="share-address__input-row">
            <span className="share-address__prefix mono" aria-hidden="true">
              …{PERSONAL_ADDRESS_PREFIX}
            </span>
            <input
              ref={inputRef}
              id={inputId}
              className="card-field__input"
              value={typed}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={200}
              placeholder="ayse-yilmaz"
              aria-invalid={shownProblem ? true : undefined}
              aria-describedby={[shownProblem ? problemId : null, hintId].filter(Boolean).join(' ')}
              onChange={(event) => {
                setEdited(event.target.value);
                setShownProblem(null);
              }}
            />
          </div>
          {shownProblem && (
            <p id={problemId} className="card-field__error share-problem" role="alert">
              <Icon path={ICONS.warning} />
              {shownProblem}
            </p>
          )}
          <p id={hintId} className="card-field__hint share-address__preview">
            Adresiniz: <strong className="mono">{preview}</strong>
            <span className="share-address__rule">
              {' '}
              Harf, rakam ve tire; Türkçe harfler İngilizce karşılıklarına çevrilir.
            </span>
          </p>
        </div>
        {cards.length > 1 ? (
          <div className="card-field">
            <label htmlFor={cardSelectId} className="card-field__label">
              Açacağı kart
            </label>
            <select
              id={cardSelectId}
              className="card-field__input"
              value={cardId}
              onChange={(event) => setCardId(event.target.value)}
            >
              {cards.map((card) => (
                <option key={card.cardId} value={card.cardId}>
                  {cardLabel(card)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="share-section__hint">
            Açacağı kart: <strong>{cardLabel(chosen)}</strong>
          </p>
        )}
        <div className="share-actions">
          <button type="submit" className="btn btn--primary" disabled={saving || unchanged} aria-busy={saving}>
            {saving ? 'Kaydediliyor...' : 'Kaydet'}
          </button>
          {current && (
            <p className="share-section__hint">
              Adresi değiştirirseniz eski adres {PERSONAL_ADDRESS_GRACE_DAYS} gün boyunca kartınıza yönlendirmeye devam
              eder.
            </p>
          )}
        </div>
      </form>
      {settings.previousAddresses.length > 0 && (
        <div className="share-address__previous">
          <h3 className="share-address__subtitle">Önceki adresleriniz</h3>
          <ul className="share-address__list">
            {settings.previousAddresses.map((previous) => (
              <li key={previous.slug}>
                <span className="mono">
                  {readableUrl(origin)}
                  {PERSONAL_ADDRESS_PREFIX}
                  {previous.slug}
                </span>{' '}
                <span className="share-address__until">
                  <time dateTime={previous.until}>{formatShareDate(previous.until)}</time> tarihine kadar
                  yönlendiriliyor
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ConfirmDialog
        open={confirmingRemoval}
        title="Kişisel adres kaldırılsın mı?"
        description={`${current ? readableUrl(current.url) : 'Adres'} ${PERSONAL_ADDRESS_GRACE_DAYS} gün daha kartınıza yönlendirir, sonra başkaları alabilir.`}
        confirmLabel="Adresi Kaldır"
        tone="danger"
        busy={removing}
        onConfirm={() => void confirmRemoval()}
        onCancel={() => setConfirmingRemoval(false)}
      />
    </ShareSection>
  );
}
