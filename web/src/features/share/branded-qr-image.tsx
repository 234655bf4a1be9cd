import { useMemo } from 'react';
import QRCode from 'qrcode';
import { qrArtSvg, type QrModules } from '@kartvizit/schemas/share/qr-art';
import { useKeptImage } from './kept-image.ts';

export interface QrLook {
  readonly foreground: string;
  readonly background: string;
}

/**
 * The code's modules for `text`, as qr-art reads them (`get(x, y)`: column, row). Error correction H when a logo
 * covers some of them; M, as the printed card, otherwise: larger modules scan from farther away.
 */
export function qrModules(text: string, levelH: boolean): QrModules {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: levelH ? 'H' : 'M' });
  return { size: modules.size, get: (x, y) => modules.get(y, x) === 1 };
}

/** The branded code as an SVG data: URI (null when `text` makes no code); the logo, if any, embedded as data:. */
export function brandedQrDataUri(
  text: string,
  look: QrLook,
  logo: string | null,
  pixels: number,
  options: { readonly alwaysH?: boolean } = {},
): string | null {
  try {
    const modules = qrModules(text, logo !== null || options.alwaysH === true);
    const svg = qrArtSvg(modules, { ...look, ...(logo ? { logoHref: logo } : {}) }, { pixels });
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  } catch (error) {
    console.error('QR kod oluşturulamadı', error);
    return null;
  }
}

interface BrandedQrImageProps {
  /** What the code opens: the card's address. */
  readonly text: string;
  readonly look: QrLook;
  /** The logo for the centre (null: none); kept for offline use (kept-image.ts). */
  readonly logoUrl: string | null;
  /** The drawing's pixel size (an SVG: sharp at any size CSS gives it). */
  readonly pixels: number;
  readonly label: string;
  readonly className?: string;
  /** Said in place of the code when it could not be drawn. */
  readonly failureText: string;
  /** H even without a logo, as the server's branded files are made (the share screen's preview of them). */
  readonly alwaysH?: boolean;
}

/**
 * The branded QR drawn here, from the card's address, with the same drawing the server makes its PNG and SVG from
 * (`@kartvizit/schemas/share/qr-art`): nothing to download, so it is there offline too. Without its logo (none
 * chosen, or neither the network nor the kept copy has it) the code is drawn plain, never left out.
 */
export function BrandedQrImage(props: BrandedQrImageProps) {
  const { text, look, logoUrl, pixels, label, className, failureText, alwaysH = false } = props;
  const logo = useKeptImage(logoUrl);
  const waiting = logo.status === 'loading';
  const logoSrc = logo.status === 'ready' ? logo.src : null;
  const { foreground, background } = look;
  const src = useMemo(
    () => (waiting ? null : brandedQrDataUri(text, { foreground, background }, logoSrc, pixels, { alwaysH })),
    [text, foreground, background, logoSrc, pixels, waiting, alwaysH],
  );
  if (waiting)
    return <span className={`${className ?? ''} branded-qr__waiting`} role="img" aria-label={label} aria-busy="true" />;
  if (!src) {
    return (
      <p className="branded-qr__failed" role="alert">
        {failureText}
      </p>
    );
  }
  return (
    <img
      src={src}
      className={className}
      width={pixels}
      height={pixels}
      alt={label}
      data-card-link={text}
      data-logo={logoSrc ? 'drawn' : 'none'}
    />
  );
}
