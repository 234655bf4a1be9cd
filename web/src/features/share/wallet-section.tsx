import { useId, useState } from 'react';
import { toast } from 'sonner';
import { endRefusedSession } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { downloadBlob } from '../../shared/download.ts';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import { readToken } from '../account/token.ts';
import type { Card } from '../card/api.ts';
import { currentConnectivity } from '../offline/connectivity.ts';
import { OFFLINE_TEXT } from '../offline/texts.ts';
import { useGetWalletAvailabilityQuery } from './api.ts';
import { ShareSection } from './share-section.tsx';
import { appleWalletUrl, googleWalletUrl } from './share-urls.ts';

type Wallet = 'apple' | 'google';

const WALLET_NAMES: { readonly [W in Wallet]: string } = { apple: 'Apple Wallet', google: 'Google Wallet' };

const FAILED = 'Cüzdan kartı hazırlanamadı. Biraz sonra tekrar deneyin.';

/** The server's Turkish reason from a refused answer, or the general one. */
async function refusal(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // Not our JSON: the general text.
  }
  return FAILED;
}

/**
 * A wallet answer asked with the session's token: the .pkpass file and the Google link are the owner's own, so they
 * go through fetch (an <a href> cannot carry the token). A 401 for the current token ends the session as every
 * request does (app/api.ts).
 */
function useWalletRequest() {
  const dispatch = useAppDispatch();
  return async (url: string): Promise<Response | null> => {
    if (!currentConnectivity().online) {
      toast.error(OFFLINE_TEXT.writeNeedsConnection);
      return null;
    }
    const token = readToken();
    const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (response.status === 401 && token !== null && token === readToken()) {
      endRefusedSession(dispatch);
      return null;
    }
    if (!response.ok) {
      toast.error(await refusal(response));
      return null;
    }
    return response;
  };
}

/**
 * 'Cüzdan': the card as an Apple Wallet pass (a signed .pkpass file, handed to the browser, which offers to add it) and
 * as a Google Wallet pass (Google's 'save' link, opened in a new tab). A wallet the server is not set up for keeps its
 * button off and says so beside it, before anyone presses it.
 */
export function WalletSection({ card }: { readonly card: Card }) {
  const availability = useGetWalletAvailabilityQuery();
  const request = useWalletRequest();
  const [working, setWorking] = useState<Wallet | null>(null);
  const appleNoteId = useId();
  const googleNoteId = useId();
  const ready = availability.data?.data;

  const addToApple = async () => {
    setWorking('apple');
    try {
      const response = await request(appleWalletUrl(card.cardId));
      if (!response) return;
      downloadBlob(await response.blob(), `kartvizit-${card.cardId}.pkpass`);
      toast.success('Apple Wallet kartı indirildi; açtığınızda cüzdanınıza eklenir.');
    } catch {
      toast.error(FAILED);
    } finally {
      setWorking(null);
    }
  };

  const addToGoogle = async () => {
    // Opened at the press, while the browser still counts it as the person's own action; the address follows.
    const tab = window.open('', '_blank');
    setWorking('google');
    try {
      const response = await request(googleWalletUrl(card.cardId));
      const body = response ? ((await response.json()) as { data?: { saveUrl?: unknown } }) : null;
      const saveUrl = body?.data?.saveUrl;
      if (typeof saveUrl !== 'string' || !/^https:\/\//.test(saveUrl)) {
        tab?.close();
        if (response) toast.error(FAILED);
        return;
      }
      if (tab) {
        tab.opener = null;
        tab.location.href = saveUrl;
      } else {
        window.location.assign(saveUrl);
      }
    } catch {
      tab?.close();
      toast.error(FAILED);
    } finally {
      setWorking(null);
    }
  };

  const note = (wallet: Wallet, available: boolean | undefined): string | null => {
    if (availability.isLoading) return null;
    if (available === undefined) return 'Cüzdan desteği şu an denetlenemedi; sayfayı yenileyip tekrar deneyin.';
    return available ? null : `Bu sunucu ${WALLET_NAMES[wallet]} için ayarlanmamış.`;
  };
  const appleNote = note('apple', ready?.apple);
  const googleNote = note('google', ready?.google);

  return (
    <ShareSection
      title="Cüzdan"
      lead="Kartınızı telefonunuzun cüzdanına ekleyin; kilit ekranından tek dokunuşla QR kodunuzu gösterin."
      className="share-wallet"
    >
      <div className="share-wallet__buttons">
        <div className="share-wallet__item">
          <button
            type="button"
            className="btn btn--primary share-wallet__button share-wallet__button--apple"
            disabled={!ready?.apple || working !== null}
            aria-busy={working === 'apple'}
            aria-describedby={appleNote ? appleNoteId : undefined}
            onClick={() => void addToApple()}
          >
            <Icon path={ICONS.download} />
            Apple Wallet’a Ekle
          </button>
          {appleNote && (
            <p id={appleNoteId} className="share-note">
              {appleNote}
            </p>
          )}
        </div>
        <div className="share-wallet__item">
          <button
            type="button"
            className="btn btn--secondary share-wallet__button"
            disabled={!ready?.google || working !== null}
            aria-busy={working === 'google'}
            aria-describedby={googleNote ? googleNoteId : undefined}
            onClick={() => void addToGoogle()}
          >
            <Icon path={ICONS.external} />
            Google Wallet’a Ekle
          </button>
          {googleNote && (
            <p id={googleNoteId} className="share-note">
              {googleNote}
            </p>
          )}
        </div>
      </div>
      <p className="share-section__hint">
        Kartınızda yaptığınız değişiklikler cüzdandaki karta da yansır; kartı devre dışı bırakırsanız cüzdandaki kart da
        bunu gösterir.
      </p>
    </ShareSection>
  );
}
