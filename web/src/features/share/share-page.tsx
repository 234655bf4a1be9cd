import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { useGetMyCardsQuery, type Card } from '../card/api.ts';
import { cardStatus } from '../card/card-facts.ts';
import { useGetCurrentOfficeQuery } from '../office/api.ts';
import { useGetProfileQuery } from '../profile/api.ts';
import { useGetShareSettingsQuery } from './api.ts';
import { AddressSection } from './address-section.tsx';
import { BackgroundsSection } from './backgrounds-section.tsx';
import { QrSection } from './qr-section.tsx';
import { SignatureSection } from './signature-section.tsx';
import { WalletSection } from './wallet-section.tsx';
import '../../shared/ui/states.css';
import '../../shared/ui/text-field.css';
import '../card/card-common.css';
import './share.css';

/**
 * 'Paylaşım Araçları' (/share, issue 32): the places a card reaches besides its QR and NFC, kept in step with it from
 * one screen. Everything is per active card; with several, a picker (`?card=`) chooses the one the tools are for.
 */
export function SharePage() {
  const cards = useGetMyCardsQuery();
  const settings = useGetShareSettingsQuery();
  const profile = useGetProfileQuery().data?.profile ?? null;
  const office = useGetCurrentOfficeQuery().data?.data?.office ?? null;
  const [params, setParams] = useSearchParams();
  const pickerId = useId();

  const active = (cards.data?.cards ?? []).filter((card) => cardStatus(card) === 'active');
  const chosen: Card | undefined = active.find((card) => card.cardId === params.get('card')) ?? active[0];

  let content;
  if (cards.isLoading || settings.isLoading) {
    content = <PageSpinner label="Paylaşım araçları yükleniyor..." />;
  } else if (!cards.data) {
    content = <LoadProblem onRetry={() => void cards.refetch()} busy={cards.isFetching} />;
  } else if (!chosen) {
    content = (
      <div className="card-empty panel">
        <h2 className="card-empty__title">Paylaşılacak aktif kartınız yok</h2>
        <p className="card-empty__text">
          Paylaşım araçları aktif bir kart için hazırlanır. Bir kartı aktifleştirdiğinizde cüzdan kartı, e-posta imzası,
          arka planlar, QR kod ve kişisel adres burada olur.
        </p>
        <Link className="btn btn--primary" to="/activate">
          Kart Aktifleştir
        </Link>
      </div>
    );
  } else if (!settings.data) {
    content = <LoadProblem onRetry={() => void settings.refetch()} busy={settings.isFetching} />;
  } else {
    const shared = settings.data.data;
    content = (
      <>
        {active.length > 1 && (
          <div className="share-picker panel">
            <label htmlFor={pickerId} className="card-field__label">
              Araçların hazırlanacağı kart
            </label>
            <select
              id={pickerId}
              className="card-field__input share-picker__select"
              value={chosen.cardId}
              onChange={(event) => setParams({ card: event.target.value }, { replace: true })}
            >
              {active.map((card) => (
                <option key={card.cardId} value={card.cardId}>
                  {card.name?.trim() ? `${card.name.trim()} (${card.cardId})` : card.cardId}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="share-sections">
          <WalletSection card={chosen} />
          <SignatureSection card={chosen} profile={profile} settings={shared} />
          <BackgroundsSection card={chosen} />
          <QrSection
            key={`${chosen.cardId}-${shared.qr.version}`}
            card={chosen}
            saved={shared.qr}
            profile={profile}
            officeLogoUrl={office ? office.logoUrl : undefined}
          />
          <AddressSection cards={active} chosen={chosen} settings={shared} profile={profile} />
        </div>
      </>
    );
  }

  return (
    <div className="card-page share-page">
      <title>Paylaşım Araçları · Dijital Kartvizit</title>
      <header className="card-page__head">
        <div>
          <h1 className="card-page__title">Paylaşım Araçları</h1>
          <p className="card-page__lead">
            Kartınızı cüzdanda, e-postalarınızda, görüntülü görüşmelerde ve kendi adresinizde paylaşın; hepsi kartınızla
            birlikte güncel kalır.
          </p>
        </div>
      </header>
      {content}
    </div>
  );
}

function LoadProblem({ onRetry, busy }: { readonly onRetry: () => void; readonly busy: boolean }) {
  return (
    <div className="card-problem panel" role="alert">
      <p className="card-problem__title">Paylaşım araçları yüklenemedi</p>
      <p>Bağlantınızı kontrol edip tekrar deneyin.</p>
      <button type="button" className="btn btn--secondary" onClick={onRetry} disabled={busy}>
        Tekrar Dene
      </button>
    </div>
  );
}
