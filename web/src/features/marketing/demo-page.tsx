import { Link } from 'react-router-dom';
import { PhoneMockup } from './phone-mockup.tsx';
import { SampleCard } from './sample-card.tsx';
import './demo-page.css';

export function DemoPage() {
  return (
    <div className="demo">
      <title>Demo · Dijital Kartvizit</title>
      <div className="container">
        <h1>Demo</h1>
        <p className="demo__lead">
          Aşağıdaki kart ve telefon görünümü örnektir; gerçek bir kişiye ait değildir. Kendi kartınızda bu alanları
          kendi bilgilerinizle doldurursunuz.
        </p>
        <div className="demo__stage">
          <SampleCard />
          <PhoneMockup />
        </div>
        <div className="demo__actions">
          <Link className="btn btn--primary btn--lg" to="/auth/register">
            Kendi Kartımı Oluştur
          </Link>
        </div>
      </div>
    </div>
  );
}
