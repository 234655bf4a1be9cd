import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  LANGUAGE_TURKISH_NAMES,
  languagesOf,
  textDirection,
  translated,
  type PublicLanguage,
} from '@kartvizit/schemas/language/model';
import type { Profile } from '@kartvizit/schemas/profile/http';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import type { Card } from '../card/api.ts';
import type { ShareSettings } from './api.ts';
import { addressInLanguage, ownerName, ownerPhotoUrl, themeColours } from './share-facts.ts';
import { ShareSection } from './share-section.tsx';
import { brandedQrUrl, readableUrl } from './share-urls.ts';
import { signatureHtml, signatureText, type SignatureInput } from './signature.ts';

/**
 * Shows the signature's HTML as a mail program would, inside the dashboard's Content-Security-Policy, which refuses
 * `style` attributes in markup (even in a parsed, unshown document): each ` style="…"` is renamed before parsing
 * (every value in the generator's HTML is escaped, so the text cannot contain that sequence), and the declarations
 * are given back through the CSSOM, which the policy allows. What is copied and shown as source is the generator's own
 * string, untouched.
 */
function showSignature(host: HTMLElement, html: string): void {
  const inert = html.replace(/ style="/g, ' data-signature-style="');
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${inert}</body>`, 'text/html');
  host.replaceChildren(...[...parsed.body.childNodes].map((node) => document.importNode(node, true)));
  host.querySelectorAll<HTMLElement>('[data-signature-style]').forEach((element) => {
    element.style.cssText = element.dataset.signatureStyle ?? '';
    element.removeAttribute('data-signature-style');
  });
}

/** The card's public address for links in the signature: the personal one when it opens this card. */
function cardAddress(card: Card, settings: ShareSettings): string {
  return settings.address?.cardId === card.cardId ? settings.address.url : card.profileUrl;
}

function signatureInput(
  card: Card,
  profile: Profile | null,
  settings: ShareSettings,
  language: PublicLanguage,
): SignatureInput {
  const origin = new URL(card.profileUrl).origin;
  const words = translated(
    { jobTitle: profile?.jobTitle ?? '', company: profile?.company ?? '' },
    profile?.translations,
    language,
  );
  return {
    language,
    name: profile ? ownerName(profile) : card.name?.trim() || '',
    title: words.jobTitle,
    company: words.company,
    phone: profile?.phone ?? '',
    phoneDisplay: profile?.phoneFormatted ?? '',
    email: profile?.email ?? '',
    photoUrl: ownerPhotoUrl(profile),
    qrUrl: brandedQrUrl(card.cardId, settings.qr.version, 'png'),
    cardUrl: addressInLanguage(cardAddress(card, settings), language),
    accent: themeColours(profile?.theme).main,
    origin,
  };
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Marks 'Kopyalandı' for a moment after a copy. */
function useCopyMarker(): [CopyState, (state: CopyState) => void] {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [state]);
  return [state, setState];
}

/**
 * 'E-posta İmzası': the card as an e-mail signature in the owner's languages. 'Kopyala' puts it on the clipboard as rich
 * HTML (with a plain text twin), which pastes into Gmail's, Outlook's and Apple Mail's signature settings as shown;
 * the HTML source is there too, for programs that take a signature as code.
 */
export function SignatureSection({
  card,
  profile,
  settings,
}: {
  readonly card: Card;
  readonly profile: Profile | null;
  readonly settings: ShareSettings;
}) {
  const languages = languagesOf(profile?.translations);
  const [picked, setPicked] = useState<PublicLanguage>('tr');
  const language = languages.includes(picked) ? picked : 'tr';
  const input = useMemo(() => signatureInput(card, profile, settings, language), [card, profile, settings, language]);
  const html = useMemo(() => signatureHtml(input), [input]);
  const text = useMemo(() => signatureText(input), [input]);
  const preview = useRef<HTMLDivElement>(null);
  const source = useRef<HTMLTextAreaElement>(null);
  const [richCopy, setRichCopy] = useCopyMarker();
  const [sourceCopy, setSourceCopy] = useCopyMarker();
  const sourceId = useId();
  const previewId = useId();

  useEffect(() => {
    if (preview.current) showSignature(preview.current, html);
  }, [html]);

  const copyRich = async () => {
    try {
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([html], { type: 'text/html' }),
          'text/plain': new Blob([text], { type: 'text/plain' }),
        }),
      ]);
    } catch {
      // No rich clipboard (an older browser, a refused permission): copy the shown signature as a selection instead.
      const host = preview.current;
      const selection = window.getSelection();
      if (!host || !selection) {
        setRichCopy('failed');
        toast.error('İmza kopyalanamadı.');
        return;
      }
      const range = document.createRange();
      range.selectNodeContents(host);
      selection.removeAllRanges();
      selection.addRange(range);
      const copied = document.execCommand('copy');
      selection.removeAllRanges();
      if (!copied) {
        setRichCopy('failed');
        toast.error('İmza kopyalanamadı.');
        return;
      }
    }
    setRichCopy('copied');
    toast.success('İmza kopyalandı! E-posta programınızın imza ayarlarına yapıştırın.');
  };

  const copySource = async () => {
    try {
      await navigator.clipboard.writeText(html);
    } catch {
      source.current?.select();
      if (!document.execCommand('copy')) {
        setSourceCopy('failed');
        toast.error('HTML kodu kopyalanamadı.');
        return;
      }
    }
    setSourceCopy('copied');
    toast.success('HTML kodu kopyalandı!');
  };

  return (
    <ShareSection
      title="E-posta İmzası"
      lead="Gönderdiğiniz her e-postanın altında fotoğrafınız, iletişim bilgileriniz ve kartınızın QR kodu olsun."
      className="share-signature"
    >
      {languages.length > 1 && (
        <fieldset className="share-choice">
          <legend className="card-field__label">İmzanın dili</legend>
          <div className="share-choice__options">
            {languages.map((option) => (
              <label key={option} className="share-choice__option">
                <input
                  type="radio"
                  name={`signature-language-${card.cardId}`}
                  value={option}
                  checked={language === option}
                  onChange={() => setPicked(option)}
                />
                <span>{LANGUAGE_TURKISH_NAMES[option]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <figure className="share-signature__figure">
        <figcaption id={previewId} className="share-signature__caption">
          Önizleme: alıcılarınız imzanızı böyle görür.
        </figcaption>
        <div
          ref={preview}
          className="share-signature__preview"
          role="group"
          aria-labelledby={previewId}
          lang={language}
          dir={textDirection(language)}
          data-testid="signature-preview"
        />
      </figure>
      <div className="share-actions">
        <button type="button" className="btn btn--primary" onClick={() => void copyRich()}>
          <Icon path={richCopy === 'copied' ? ICONS.check : ICONS.copy} />
          {richCopy === 'copied' ? 'Kopyalandı' : 'Kopyala'}
        </button>
        <p className="share-section__hint">
          Gmail’de: Ayarlar → Tüm ayarları göster → İmza → yeni imza oluşturun ve kutuya yapıştırın.
        </p>
      </div>
      <details className="share-source">
        <summary>HTML kodu</summary>
        <label htmlFor={sourceId} className="card-field__label share-source__label">
          İmzanın HTML kodu
        </label>
        <textarea
          ref={source}
          id={sourceId}
          className="card-field__input share-source__code mono"
          readOnly
          rows={6}
          value={html}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="btn btn--secondary" onClick={() => void copySource()}>
          <Icon path={sourceCopy === 'copied' ? ICONS.check : ICONS.copy} />
          {sourceCopy === 'copied' ? 'Kopyalandı' : 'HTML Kodunu Kopyala'}
        </button>
      </details>
      <p className="share-section__hint">
        İmzadaki bağlantı <span className="mono">{readableUrl(input.cardUrl)}</span> adresini açar; bilgileriniz
        değiştiğinde imzayı yeniden kopyalayın.
      </p>
    </ShareSection>
  );
}
