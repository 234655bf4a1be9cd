import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import type { CardColor, CardType } from '@kartvizit/schemas/card/model';
import { CARD_MESSAGES } from '@kartvizit/schemas/card/messages';
import { CARD_COLOR_LABELS, CARD_COLORS } from '@kartvizit/schemas/card/model';
import {
  CARD_ID_MAX_LENGTH,
  CARD_NAME_MAX_LENGTH,
  DEFAULT_VIRTUAL_CARD_COLOR,
  cardNameProblem,
  cleanCardName,
  generateVirtualCardId,
  parseCardId,
} from '@kartvizit/schemas/card/rules';
import { commandOutcome, httpStatus, toastFailure } from '../../shared/command-outcome.ts';
import { serverProblem } from '../../shared/server-problem.ts';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { CardTextField } from '../../shared/ui/text-field.tsx';
import { useGetProfileQuery } from '../profile/api.ts';
import { useActivateCardMutation, useCreateVirtualCardMutation, useLazyGetCardDetailsQuery } from './api.ts';
import { cardTypeLabel } from './card-facts.ts';
import { normaliseCardIdInput } from './card-id.ts';
import { CardVisual } from './card-visual.tsx';
import './card-common.css';
import './activate.css';

/** Fresh ids tried when the server says a generated virtual id is taken (36^6 makes a second clash unlikely). */
const VIRTUAL_ID_ATTEMPTS = 3;

const ACTIVATION_FALLBACKS = {
  failed: CARD_MESSAGES.cardActivationFailed,
  error: CARD_MESSAGES.cardActivationError,
} as const;

const VIRTUAL_FALLBACKS = {
  failed: CARD_MESSAGES.cardVirtualCreateError,
  error: CARD_MESSAGES.cardVirtualCreateError,
} as const;

export function ActivatePage() {
  const profile = useGetProfileQuery();
  // SPEC §8: a failed profile check counts as "no profile".
  const hasProfile = profile.data?.success === true && profile.data.profile != null;

  return (
    <div className="card-page activate-page">
      <title>Kart Aktivasyonu · Dijital Kartvizit</title>
      <header className="card-page__head">
        <div>
          <h1 className="card-page__title">Kart Aktivasyonu</h1>
          <p className="card-page__lead">
            Fiziksel kartınızı kart ID’si ile aktifleştirin ya da hemen kullanabileceğiniz bir sanal kart oluşturun.
          </p>
        </div>
      </header>

      {profile.isLoading ? (
        <PageSpinner label="Profil kontrol ediliyor..." />
      ) : (
        <>
          {!hasProfile && (
            <div className="notice notice--warning" role="status">
              <Icon path={ICONS.warning} className="notice__icon" />
              <div className="notice__body">
                <p className="notice__title">{CARD_MESSAGES.cardNeedsProfileToActivate}</p>
                <p>Kartınız okutulduğunda açılacak sayfa profil bilgilerinizle hazırlanır.</p>
                <Link className="btn btn--primary btn--sm" to="/profile">
                  Profil Oluştur
                </Link>
              </div>
            </div>
          )}
          <div className="activate-layout">
            <ActivateByIdSection hasProfile={hasProfile} />
            <VirtualCardSection hasProfile={hasProfile} />
            <ActivationSteps hasProfile={hasProfile} />
          </div>
        </>
      )}
    </div>
  );
}

interface SectionProps {
  readonly hasProfile: boolean;
}

interface VerifiedCard {
  readonly cardId: string;
  readonly type: CardType;
}

function ActivateByIdSection({ hasProfile }: SectionProps) {
  const [searchParams] = useSearchParams();
  const [cardIdInput, setCardIdInput] = useState(() => normaliseCardIdInput(searchParams.get('cardId') ?? ''));
  const [idError, setIdError] = useState<string | null>(null);
  const [verified, setVerified] = useState<VerifiedCard | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [checkCard, { isFetching: checking }] = useLazyGetCardDetailsQuery();
  const [activateCard, { isLoading: activating }] = useActivateCardMutation();
  const navigate = useNavigate();
  const titleId = useId();
  const idRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  // The id field as of the latest keystroke: an answer about an older id is dropped.
  const latestInput = useRef(cardIdInput);

  const changeId = (value: string) => {
    const next = normaliseCardIdInput(value);
    latestInput.current = next;
    setCardIdInput(next);
    // SPEC §4: editing the id clears the error and the verified state.
    setIdError(null);
    setVerified(null);
    setNameError(null);
  };

  const failId = (message: string) => {
    setIdError(message);
    idRef.current?.focus();
  };

  const check = async () => {
    const parsed = parseCardId(cardIdInput);
    if (!parsed.ok) {
      failId(parsed.message);
      return;
    }
    const asked = cardIdInput;
    const result = await checkCard(parsed.cardId, false);
    if (latestInput.current !== asked) return;
    if (result.isError) {
      const status = httpStatus(result.error);
      if (status === 401) return;
      const problem = serverProblem(result.error);
      if (status === 404) failId(problem?.message ?? CARD_MESSAGES.cardNotFoundById);
      else failId(problem?.message ?? CARD_MESSAGES.cardCheckError);
      return;
    }
    const answer = result.data;
    if (!answer?.success) {
      failId(CARD_MESSAGES.cardNotFound);
      return;
    }
    if (answer.card.isActivated) {
      failId(CARD_MESSAGES.cardAlreadyActivated);
      return;
    }
    setVerified({ cardId: answer.card.cardId, type: answer.card.type });
    // The name field appears with this render; focus it once it is there.
    requestAnimationFrame(() => nameRef.current?.focus());
  };

  const activate = async (card: VerifiedCard) => {
    if (!hasProfile) {
      toast.error(CARD_MESSAGES.cardNeedsProfileToActivate);
      void navigate('/profile');
      return;
    }
    const cleaned = cleanCardName(name);
    const problem = cardNameProblem(cleaned, card.type === 'virtual' ? 'virtual' : 'physical');
    if (problem) {
      setNameError(problem);
      nameRef.current?.focus();
      return;
    }
    const outcome = commandOutcome(await activateCard({ cardId: card.cardId, name: cleaned }), ACTIVATION_FALLBACKS);
    if (outcome.ok) {
      toast.success(CARD_MESSAGES.cardActivated);
      void navigate('/cards');
      return;
    }
    if (outcome.problem?.field === 'name') {
      setNameError(outcome.message);
      nameRef.current?.focus();
    } else if (outcome.problem?.field === 'cardId') {
      setVerified(null);
      failId(outcome.message);
    } else {
      toastFailure(outcome);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking || activating) return;
    if (verified) void activate(verified);
    else void check();
  };

  return (
    <section className="panel activate-section" aria-labelledby={titleId}>
      <div className="activate-section__head">
        <span className="activate-section__icon" aria-hidden="true">
          <Icon path={ICONS.nfc} />
        </span>
        <div>
          <h2 id={titleId}>Kart ID ile Aktifleştir</h2>
          <p>Fiziksel kartınızın arkasında yazan ID’yi girin, kartı doğrulayıp aktifleştirin.</p>
        </div>
      </div>
      <form className="activate-form" noValidate onSubmit={onSubmit} aria-busy={checking || activating}>
        <CardTextField
          label="Kart ID"
          name="cardId"
          inputRef={idRef}
          value={cardIdInput}
          onChange={(event) => changeId(event.target.value)}
          error={idError}
          hint="Harf, rakam ve tireden oluşur; küçük harfle yazmanız da yeterli."
          placeholder="Örn. KV-7HQ2M4XP"
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          maxLength={CARD_ID_MAX_LENGTH}
          inputClassName="card-field__input--id"
        />
        {verified ? (
          <>
            <p className="verified-note" role="status">
              <Icon path={ICONS.check} />
              <span>
                <strong>Kart doğrulandı.</strong> {verified.cardId} · {cardTypeLabel(verified.type)} kart aktifleştirmeye
                hazır.
              </span>
            </p>
            <CardTextField
              label="Kart adı"
              name="name"
              inputRef={nameRef}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(null);
              }}
              error={nameError}
              hint="Kartlarınızı birbirinden ayırmanızı sağlar; örneğin “İş Kartım”."
              placeholder="İş Kartım"
              autoComplete="off"
              maxLength={CARD_NAME_MAX_LENGTH * 2}
            />
            <button type="submit" className="btn btn--primary btn--block" disabled={activating} aria-busy={activating}>
              {activating ? 'Aktifleştiriliyor...' : 'Kartı Aktifleştir'}
            </button>
          </>
        ) : (
          <button type="submit" className="btn btn--primary btn--block" disabled={checking} aria-busy={checking}>
            {checking ? 'Kontrol Ediliyor...' : 'Kartı Kontrol Et'}
          </button>
        )}
      </form>
    </section>
  );
}

/** A virtual card created by the first call whose activation (second call) failed: retry only that. */
interface CreatedCard {
  readonly cardId: string;
}

function VirtualCardSection({ hasProfile }: SectionProps) {
  const [name, setName] = useState('');
  const [color, setColor] = useState<CardColor>(DEFAULT_VIRTUAL_CARD_COLOR);
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedCard | null>(null);
  const [working, setWorking] = useState(false);
  const [createVirtualCard] = useCreateVirtualCardMutation();
  const [activateCard] = useActivateCardMutation();
  const navigate = useNavigate();
  const titleId = useId();
  const colorLabelId = useId();
  const nameRef = useRef<HTMLInputElement>(null);

  const failName = (message: string) => {
    setNameError(message);
    nameRef.current?.focus();
  };

  /** First call: POST /cards with a fresh client-made id, again with another one if it is taken. */
  const create = async (cleaned: string): Promise<CreatedCard | null> => {
    for (let attempt = 1; attempt <= VIRTUAL_ID_ATTEMPTS; attempt += 1) {
      const cardId = generateVirtualCardId();
      const outcome = commandOutcome(
        await createVirtualCard({ cardId, type: 'virtual', color, name: cleaned }),
        VIRTUAL_FALLBACKS,
      );
      if (outcome.ok) return { cardId };
      const idTaken = outcome.status === 409 && outcome.problem?.field === 'cardId';
      if (idTaken && attempt < VIRTUAL_ID_ATTEMPTS) continue;
      if (outcome.problem?.field === 'name') failName(outcome.message);
      else toastFailure(outcome);
      return null;
    }
    return null;
  };

  const submit = async () => {
    if (!hasProfile) {
      // SPEC "Card activation": without a profile the virtual card button leads to /profile.
      toast.error(CARD_MESSAGES.cardNeedsProfileToCreate);
      void navigate('/profile');
      return;
    }
    const cleaned = cleanCardName(name);
    const problem = cardNameProblem(cleaned, 'virtual');
    if (problem) {
      failName(problem);
      return;
    }
    setWorking(true);
    try {
      const card = created ?? (await create(cleaned));
      if (!card) return;
      setCreated(card);
      // Second call (SPEC §4): activate at once, under the name given now.
      const outcome = commandOutcome(await activateCard({ cardId: card.cardId, name: cleaned }), VIRTUAL_FALLBACKS);
      if (outcome.ok) {
        toast.success(CARD_MESSAGES.cardVirtualCreatedAndActivated);
        void navigate('/cards');
        return;
      }
      if (outcome.problem?.field === 'name') failName(outcome.message);
      else toastFailure(outcome);
    } finally {
      setWorking(false);
    }
  };

  return (
    <section className="panel activate-section" aria-labelledby={titleId}>
      <div className="activate-section__head">
        <span className="activate-section__icon activate-section__icon--accent" aria-hidden="true">
          <Icon path={ICONS.sparkle} />
        </span>
        <div>
          <h2 id={titleId}>Sanal Kart Oluştur</h2>
          <p>Fiziksel karta ihtiyaç duymadan, QR kod ve bağlantıyla hemen paylaşmaya başlayın.</p>
        </div>
      </div>
      <form
        className="activate-form"
        noValidate
        aria-busy={working}
        onSubmit={(event) => {
          event.preventDefault();
          if (!working) void submit();
        }}
      >
        <div className="virtual-preview">
          <CardVisual
            cardId={created?.cardId ?? 'VC-······'}
            name={cleanCardName(name) || 'Sanal Kartım'}
            type="virtual"
            color={color}
          />
        </div>
        <CardTextField
          label="Kart adı"
          name="virtualName"
          inputRef={nameRef}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(null);
          }}
          error={nameError}
          placeholder="Sanal Kartım"
          autoComplete="off"
          maxLength={CARD_NAME_MAX_LENGTH * 2}
        />
        <fieldset className="color-picker" aria-describedby={colorLabelId}>
          <legend className="card-field__label">Kart rengi</legend>
          <div className="color-picker__options">
            {CARD_COLORS.map((option) => (
              <label key={option} className={`color-swatch color-swatch--${option}`}>
                <input
                  type="radio"
                  name="color"
                  value={option}
                  checked={color === option}
                  onChange={() => setColor(option)}
                />
                <span className="color-swatch__chip" aria-hidden="true" />
                <span className="color-swatch__name">{CARD_COLOR_LABELS[option]}</span>
              </label>
            ))}
          </div>
          <p id={colorLabelId} className="card-field__hint">
            Renk, kartın panelde ve önizlemelerde nasıl görüneceğini belirler.
          </p>
        </fieldset>
        <button type="submit" className="btn btn--primary btn--block" disabled={working} aria-busy={working}>
          {working ? 'Oluşturuluyor...' : 'Sanal Kart Oluştur'}
        </button>
      </form>
    </section>
  );
}

const STEPS = [
  { title: 'Profil oluşturun', text: 'Kartınız okutulduğunda açılacak profil bilgilerinizi girin.' },
  { title: 'Kart ID’sini girin', text: 'Fiziksel kartınızın arkasındaki ID’yi yazın ve doğrulayın.' },
  { title: 'Kartı aktifleştirin', text: 'Karta bir ad verin; kartınız hemen kullanıma hazır olur.' },
  { title: 'Kartlarım’dan yönetin', text: 'QR kodunu indirin, kartı devre dışı bırakın veya yeniden açın.' },
] as const;

function ActivationSteps({ hasProfile }: SectionProps) {
  const titleId = useId();
  return (
    <section className="panel activate-steps" aria-labelledby={titleId}>
      <h2 id={titleId}>Nasıl çalışır?</h2>
      <ol className="activate-steps__list">
        {STEPS.map((step, index) => {
          const done = index === 0 && hasProfile;
          return (
            <li key={step.title} className={done ? 'activate-step activate-step--done' : 'activate-step'}>
              <span className="activate-step__number" aria-hidden="true">
                {done ? <Icon path={ICONS.check} /> : index + 1}
              </span>
              <span className="activate-step__text">
                <strong>
                  {step.title}
                  {done && <span className="visually-hidden"> (tamamlandı)</span>}
                </strong>
                <span>{step.text}</span>
              </span>
            </li>
          );
        })}
      </ol>
      {hasProfile ? (
        <Link to="/cards" className="activate-steps__link">
          Kartlarım sayfasına git
        </Link>
      ) : (
        <Link to="/profile" className="activate-steps__link">
          Profilinizi oluşturun
        </Link>
      )}
    </section>
  );
}
