import { Link } from 'react-router-dom';
import { FeatureIcon } from './feature-icon.tsx';
import { FEATURES, STEPS } from './feature-list.ts';
import { PhoneMockup } from './phone-mockup.tsx';
import { SampleCard } from './sample-card.tsx';
import { SAMPLE_CARD_PATH } from './sample-profile.ts';
import './landing.css';

export function LandingPage() {
  return (
    <>
      <title>Dijital Kartvizit · NFC ve QR ile tek dokunuşta paylaşın</title>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">NFC ve QR destekli dijital kartvizit</p>
            <h1 id="hero-title" className="hero__title">
              Kartvizitiniz artık tek dokunuşla paylaşılıyor
            </h1>
            <p className="hero__lead">
              Profilinizi bir kez oluşturun; NFC kartınızı telefona dokundurarak ya da QR kodu okutarak paylaşın. Kimin
              baktığını ve neye tıkladığını panelinizden görün.
            </p>
            <div className="hero__actions">
              <Link className="btn btn--light btn--lg" to="/auth/register">
                Ücretsiz Kayıt Ol
              </Link>
              {/* A page of the server (the real sample card), not a route of this app: a full load. */}
              <a className="btn btn--outline-light btn--lg" href="/demo">
                Demoyu İncele
              </a>
            </div>
            <ul className="hero__points">
              <li>Uygulama indirmeye gerek yok</li>
              <li>Her telefonda açılır</li>
              <li>Tamamen Türkçe</li>
            </ul>
          </div>
          <div className="hero__visual">
            <SampleCard />
          </div>
        </div>
      </section>

      <section className="showcase" aria-labelledby="showcase-title">
        <div className="container showcase__inner">
          <PhoneMockup />
          <div className="showcase__copy">
            <p className="section-eyebrow">Ziyaretçiniz ne görür?</p>
            <h2 id="showcase-title" className="section-title">
              Kartınızı okutan herkes, güncel profilinize tek adımda ulaşır
            </h2>
            <ul className="check-list">
              <li>Tek dokunuşla arama, e-posta, web sitesi ve yol tarifi</li>
              <li>Rehbere kaydetme ve kartı başkalarıyla paylaşma</li>
              <li>Fiyatlarıyla birlikte ürün ve ilan kataloğunuz</li>
              <li>Şirket, e-fatura ve banka bilgileriniz, kopyalamaya hazır</li>
            </ul>
            <p className="showcase__try">
              Kartın QR kodunu telefonunuzla okutun ya da <a href={SAMPLE_CARD_PATH}>örnek kartı bu cihazda açın</a>.
            </p>
          </div>
        </div>
      </section>

      <section className="features" aria-labelledby="features-title">
        <div className="container">
          <p className="section-eyebrow section-eyebrow--center">Özellikler</p>
          <h2 id="features-title" className="section-title section-title--center">
            Tanışmaktan müşteri kazanmaya, ihtiyacınız olan her şey
          </h2>
          <ul className="features__grid">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="feature panel">
                <FeatureIcon path={feature.icon} />
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="steps" aria-labelledby="steps-title">
        <div className="container">
          <p className="section-eyebrow section-eyebrow--center">Nasıl çalışır?</p>
          <h2 id="steps-title" className="section-title section-title--center">
            Üç adımda dijital kartvizitiniz hazır
          </h2>
          <ol className="steps__list">
            {STEPS.map((step, index) => (
              <li key={step.title} className="step">
                <span className="step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="cta" aria-labelledby="cta-title">
        <div className="container">
          <div className="cta__box">
            <div>
              <h2 id="cta-title">Dijital kartvizitinizi bugün oluşturun</h2>
              <p>Kayıt ücretsiz; profilinizi hazırlayıp ilk kartınızı dakikalar içinde paylaşın.</p>
            </div>
            <Link className="btn btn--light btn--lg" to="/auth/register">
              Hemen Kayıt Ol
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
