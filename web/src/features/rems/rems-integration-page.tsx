import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { REMS_API_KEY_PREFIX, remsApiKeyProblem } from '@kartvizit/schemas/rems/rules';
import { serverProblem } from '../../shared/server-problem.ts';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { CardTextField } from '../../shared/ui/text-field.tsx';
import { useGetMyCardsQuery } from '../card/api.ts';
import { useGetCurrentOfficeQuery } from '../office/api.ts';
import { cardStatus } from '../card/card-facts.ts';
import { useGetRemsStatusQuery, useRemoveRemsApiKeyMutation, useSaveRemsApiKeyMutation } from './api.ts';
import { RemsStats } from './rems-stats.tsx';
import '../../shared/ui/states.css';
import '../card/card-common.css';
import './rems.css';

const PRODUCT_NAME = 'Dijital Kartvizit';

/** SPEC: the five steps in REMS that give the owner a key. */
const SETUP_STEPS = [
  'REMS hesabınıza giriş yapın.',
  'Profil menüsünden API Anahtarları bölümünü açın.',
  'Yeni API Anahtarı oluşturun.',
  `Anahtara “${PRODUCT_NAME}” adını verin; hangi uygulamaya ait olduğunu REMS’te böyle tanırsınız.`,
  'Oluşan anahtarı kopyalayıp aşağıdaki alana yapıştırın.',
] as const;

/** SPEC: 'Nasıl Çalışır?', four steps from the shared card to the customer in REMS. */
const HOW_IT_WORKS = [
  { title: 'Kartınızı paylaşın', text: 'Kartvizitinizi NFC veya QR kod ile müşterilerinizle paylaşın.' },
  { title: 'Müşteri “Görüşme Planla”ya tıklar', text: 'Kartınızda “Emlak Danışmanlığı” bölümü ve düğmesi görünür.' },
  { title: 'Müşteri formu doldurur', text: 'Adını, telefonunu, ilgi alanını ve isterse konumunu yazar.' },
  { title: 'Otomatik kayıt', text: 'Müşteri REMS hesabınıza müşteri olarak kendiliğinden kaydedilir.' },
] as const;

/** The REMS settings (/rems-integration, SPEC 'REMS integration settings', issue 14). */
export function RemsIntegrationPage() {
  const { data, isLoading, isError, isFetching, refetch } = useGetRemsStatusQuery();
  const office = useGetCurrentOfficeQuery().data?.data?.office;

  return (
    <div className="card-page rems-page">
      <title>REMS Entegrasyonu · Dijital Kartvizit</title>
      <header className="card-page__head">
        <div>
          <h1 className="card-page__title">REMS Entegrasyonu</h1>
          <p className="card-page__lead">
            Kartınızdan görüşme talep eden ziyaretçiler REMS hesabınıza müşteri olarak kaydedilsin.
          </p>
        </div>
      </header>

      {isLoading ? (
        <PageSpinner label="REMS entegrasyon durumu yükleniyor..." />
      ) : isError && !data ? (
        <div className="card-problem panel" role="alert">
          <p className="card-problem__title">{MESSAGES.remsStatusLoadFailed}</p>
          <p>Bağlantınızı kontrol edip tekrar deneyin.</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()} disabled={isFetching}>
            Tekrar Dene
          </button>
        </div>
      ) : (
        <div className="rems-layout">
          <div className="rems-main">
            {office?.rems.active && (
              <p className="rems-notice rems-notice--office" role="note">
                <Icon path={ICONS.info} />
                <span>
                  Ofisiniz <strong>{office.details.name}</strong> REMS hesabını bağladı: ofis kartlarınızdan gelen
                  görüşme talepleri ofisin REMS hesabına kaydedilir. Buradaki anahtar kişisel kartlarınız içindir.
                </span>
              </p>
            )}
            {data?.hasActiveKey ? <ActivePanel keyHint={data.keyHint} /> : <SetupPanel />}
            {/* SPEC: the counters and 'Son Kayıtlar' belong to the active integration. */}
            {data?.hasActiveKey && <RemsStats />}
          </div>
          <HowItWorks />
        </div>
      )}
    </div>
  );
}

function SetupPanel() {
  const titleId = useId();
  const [save, { isLoading: saving }] = useSaveRemsApiKeyMutation();

  return (
    <section className="panel rems-panel" aria-labelledby={titleId}>
      <div className="rems-panel__head">
        <span className="rems-panel__icon" aria-hidden="true">
          <Icon path={LINK_ICON} />
        </span>
        <div>
          <h2 id={titleId} className="rems-panel__title">
            REMS hesabınızı bağlayın
          </h2>
          <p className="rems-panel__text">Bağlamak için REMS’ten bir API anahtarı alıp buraya kaydetmeniz yeterli.</p>
        </div>
      </div>

      <ol className="rems-steps">
        {SETUP_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>

      <RemsKeyForm save={(apiKey) => save(apiKey)} saving={saving} />
    </section>
  );
}

/** What saving a key answers: the mutation's result (RTK Query), a member's own key or an office's. */
type SaveKeyResult = { readonly data: { readonly message: string } } | { readonly error: unknown };

/**
 * The key's field and its save button (SPEC 'REMS integration settings'): checked here with the shared rules, then
 * by the server, which asks REMS before saving. Used for a member's own key and for the office's (Ofisim).
 */
export function RemsKeyForm({
  save,
  saving,
}: {
  readonly save: (apiKey: string) => Promise<SaveKeyResult>;
  readonly saving: boolean;
}) {
  const [apiKey, setApiKey] = useState('');
  const [visible, setVisible] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const problem = remsApiKeyProblem(apiKey);
    if (problem) {
      setFieldError(problem);
      setFormError(null);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setFormError(null);
    const result = await save(apiKey);
    if ('error' in result) {
      const server = serverProblem(result.error);
      const message = server?.message ?? `${MESSAGES.remsApiKeySaveFailed}. Lütfen biraz sonra tekrar deneyin.`;
      toast.error(message);
      if (server?.field === 'apiKey') {
        setFieldError(message);
        inputRef.current?.focus();
      } else {
        setFormError(message);
      }
      return;
    }
    // The key leaves the page: nothing typed stays in the field or in memory longer than needed.
    setApiKey('');
    setVisible(false);
    toast.success(result.data.message || MESSAGES.remsApiKeySaved);
  };

  return (
    <form className="rems-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={saving}>
      {formError && (
        <div className="alert" role="alert">
          {formError}
        </div>
      )}
      <CardTextField
        label="REMS API Anahtarı"
        name="apiKey"
        inputRef={inputRef}
        type={visible ? 'text' : 'password'}
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder={`${REMS_API_KEY_PREFIX}...`}
        inputClassName="card-field__input--id"
        value={apiKey}
        disabled={saving}
        onChange={(event) => {
          const next = event.target.value;
          setApiKey(next);
          // The save button is disabled while the field is empty: say why once a typed key is cleared.
          setFieldError(next.trim() === '' ? remsApiKeyProblem(next) : null);
        }}
        error={fieldError}
        hint={
          <>
            Anahtar <span className="mono">{REMS_API_KEY_PREFIX}</span> ile başlar. Kaydetmeden önce REMS’e sorarak
            doğrularız; kaydettikten sonra yalnızca son 4 karakteri gösterilir.
          </>
        }
        addon={
          <button
            type="button"
            className="btn btn--secondary rems-form__reveal"
            aria-pressed={visible}
            onClick={() => setVisible((value) => !value)}
          >
            <Icon path={visible ? EYE_OFF_ICON : ICONS.eye} />
            {visible ? 'Gizle' : 'Göster'}
          </button>
        }
      />
      <div className="rems-form__actions">
        <button type="submit" className="btn btn--primary" disabled={saving || apiKey.trim() === ''} aria-busy={saving}>
          {saving ? 'Doğrulanıyor...' : 'API Anahtarını Kaydet'}
        </button>
      </div>
    </form>
  );
}

function ActivePanel({ keyHint }: { readonly keyHint: string | null }) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isLoading: removing }] = useRemoveRemsApiKeyMutation();

  const onConfirm = async () => {
    const result = await remove();
    if ('error' in result) {
      toast.error(MESSAGES.remsRemoveFailed);
      return;
    }
    setConfirming(false);
    toast.success(result.data.message || MESSAGES.remsIntegrationRemoved);
  };

  return (
    <section className="panel rems-panel rems-panel--active" aria-labelledby={titleId}>
      <div className="rems-panel__head">
        <span className="rems-panel__icon rems-panel__icon--active" aria-hidden="true">
          <Icon path={ICONS.check} />
        </span>
        <div>
          <h2 id={titleId} className="rems-panel__title">
            Entegrasyon Aktif
          </h2>
          <p className="rems-panel__text">
            REMS hesabınız bağlı. Kayıtlı anahtarın son 4 karakteri:{' '}
            <span className="mono rems-key">
              <span aria-hidden="true">•••• </span>
              {keyHint ?? '····'}
            </span>
          </p>
        </div>
      </div>

      <p className="rems-notice">
        <Icon path={ICONS.info} />
        <span>
          Kartınız artık <strong>“Görüşme Planla”</strong> düğmesini gösteriyor: formu dolduran ziyaretçileriniz REMS’e
          müşteri olarak kaydedilir.
        </span>
      </p>

      <SampleCardUrl />

      <div className="rems-panel__actions">
        <button type="button" className="btn rems-remove" onClick={() => setConfirming(true)}>
          Entegrasyonu Kaldır
        </button>
      </div>

      <ConfirmDialog
        open={confirming}
        title="REMS entegrasyonu kaldırılsın mı?"
        description={
          <p>
            Kayıtlı API anahtarınız silinir ve ziyaretçileriniz artık REMS’e müşteri olarak kaydedilmez. Yeniden
            bağlamak için yeni bir anahtar kaydetmeniz gerekir.
          </p>
        }
        confirmLabel="Entegrasyonu Kaldır"
        busyLabel="Kaldırılıyor..."
        tone="danger"
        busy={removing}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

/** The owner's first shown card (as /cards lists them): the page a visitor opens, with the REMS block on it. */
function SampleCardUrl() {
  const { data, isLoading, isError } = useGetMyCardsQuery();
  const card = data?.cards.find((candidate) => cardStatus(candidate) === 'active');

  if (isLoading) return null;
  if (isError && !data) {
    return <p className="rems-sample">Kartlarınız yüklenemediği için örnek bağlantı gösterilemiyor.</p>;
  }
  if (!card) {
    return (
      <p className="rems-sample">
        Düğmeyi ziyaretçilerinizin görebilmesi için aktif bir kartınız olmalı.{' '}
        <Link to="/activate">Kart aktifleştirin</Link> ya da <Link to="/cards">kartlarınıza</Link> göz atın.
      </p>
    );
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(card.profileUrl);
    } catch {
      toast.error(MESSAGES.remsSampleUrlCopyFailed);
      return;
    }
    toast.success(MESSAGES.remsSampleUrlCopied);
  };

  return (
    <div className="rems-sample">
      <p>
        Düğmeyi kartınızda görmek için örnek kart adresi:{' '}
        <a className="mono break-all" href={card.profileUrl} target="_blank" rel="noreferrer">
          {card.profileUrl}
        </a>
      </p>
      <button type="button" className="btn btn--secondary btn--sm" onClick={() => void copy()}>
        <Icon path={ICONS.copy} />
        Kart URL’sini Kopyala
      </button>
    </div>
  );
}

function HowItWorks() {
  const titleId = useId();
  return (
    <aside className="panel rems-how" aria-labelledby={titleId}>
      <h2 id={titleId} className="rems-panel__title">
        Nasıl Çalışır?
      </h2>
      <ol className="rems-how__steps">
        {HOW_IT_WORKS.map((step, index) => (
          <li key={step.title}>
            <span className="rems-how__number" aria-hidden="true">
              {index + 1}
            </span>
            <span>
              <span className="rems-how__title">{step.title}</span>
              <span className="rems-how__text">{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
    </aside>
  );
}

const LINK_ICON = 'M9 7H6a3 3 0 0 0 0 6h3m6-6h3a3 3 0 0 1 0 6h-3M8 10h8';
const EYE_OFF_ICON =
  'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Zm9.5 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM4 4l16 16';
