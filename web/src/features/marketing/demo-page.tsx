import { useEffect } from 'react';
import { SAMPLE_CARD_PATH } from './sample-profile.ts';

/**
 * /demo is the real sample card. The server answers /demo with a redirect before this app loads;
 * this route only catches a navigation inside the app (or the Vite dev server) and leaves for the
 * server-rendered page.
 */
export function DemoPage() {
  useEffect(() => {
    window.location.replace(SAMPLE_CARD_PATH);
  }, []);
  return (
    <div className="info container">
      <title>Örnek Kart · Dijital Kartvizit</title>
      <h1>Örnek Kart</h1>
      <p className="info__lead">
        Örnek karta yönlendiriliyorsunuz. Sayfa açılmazsa <a href={SAMPLE_CARD_PATH}>örnek kartı buradan açın</a>.
      </p>
    </div>
  );
}
