import { useEffect, useState } from 'react';

interface QrImageProps {
  readonly value: string;
  readonly size: number;
  readonly label: string;
  readonly className?: string;
}

/**
 * A QR code drawn in the browser as SVG: no image service sees who looks at which card, and the
 * library is fetched only when a QR is on screen.
 */
export function QrImage({ value, size, label, className }: QrImageProps) {
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then(({ toString }) =>
        toString(value, {
          type: 'svg',
          margin: 1,
          errorCorrectionLevel: 'M',
          color: { dark: '#0f172a', light: '#ffffff' },
        }),
      )
      .then((svg) => {
        if (!cancelled) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch((error: unknown) => {
        console.warn('QR kod oluşturulamadı', error);
      });
    return () => {
      cancelled = true;
    };
  }, [value]);

  if (!src) {
    return (
      <span className={`qr-placeholder ${className ?? ''}`} style={{ width: size, height: size }} aria-hidden="true" />
    );
  }
  return <img className={className} src={src} width={size} height={size} alt={label} decoding="async" />;
}
