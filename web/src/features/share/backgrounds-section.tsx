import {
  VIDEO_BACKGROUND_DESIGN_LABELS,
  VIDEO_BACKGROUND_DESIGNS,
  VIDEO_BACKGROUND_SHAPES,
  VIDEO_BACKGROUND_SIZES,
  type VideoBackgroundShape,
} from '@kartvizit/schemas/share/model';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import type { Card } from '../card/api.ts';
import { ShareSection } from './share-section.tsx';
import { videoBackgroundFileName, videoBackgroundUrl } from './share-urls.ts';

const SHAPE_LABELS: { readonly [S in VideoBackgroundShape]: string } = { wide: 'Yatay', tall: 'Dikey' };

/** The previews' width on the screen; the files themselves are 1920×1080 and 1080×1920. */
const PREVIEW_WIDE_PX = 240;

function previewSize(shape: VideoBackgroundShape): { width: number; height: number } {
  const { width, height } = VIDEO_BACKGROUND_SIZES[shape];
  const previewWidth = shape === 'wide' ? PREVIEW_WIDE_PX : Math.round((PREVIEW_WIDE_PX * 9) / 16);
  return { width: previewWidth, height: Math.round((previewWidth * height) / width) };
}

/**
 * 'Görüntülü Görüşme Arka Planı': three designs in the card's theme colours, each wide (a computer's camera) and tall
 * (a phone held upright), with the owner's name, title, company, logo and the card's QR where the speaker does not
 * cover it. The server draws them; the previews are the same files, shown small.
 */
export function BackgroundsSection({ card }: { readonly card: Card }) {
  return (
    <ShareSection
      title="Görüntülü Görüşme Arka Planı"
      lead="Zoom, Google Meet veya Teams görüşmelerinde arkanızda adınız, unvanınız ve kartınızın QR kodu görünsün."
      className="share-backgrounds"
    >
      <ul className="share-backgrounds__list">
        {VIDEO_BACKGROUND_DESIGNS.map((design) => (
          <li key={design} className="share-backgrounds__design">
            <h3 className="share-backgrounds__name">{VIDEO_BACKGROUND_DESIGN_LABELS[design]}</h3>
            <div className="share-backgrounds__shapes">
              {VIDEO_BACKGROUND_SHAPES.map((shape) => {
                const preview = previewSize(shape);
                return (
                  <img
                    key={shape}
                    src={videoBackgroundUrl(card.cardId, design, shape)}
                    width={preview.width}
                    height={preview.height}
                    loading="lazy"
                    decoding="async"
                    alt={`${VIDEO_BACKGROUND_DESIGN_LABELS[design]} arka planı, ${SHAPE_LABELS[shape].toLocaleLowerCase('tr-TR')} önizleme`}
                    className={`share-backgrounds__image share-backgrounds__image--${shape}`}
                  />
                );
              })}
            </div>
            <div className="share-backgrounds__downloads">
              {VIDEO_BACKGROUND_SHAPES.map((shape) => {
                const { width, height } = VIDEO_BACKGROUND_SIZES[shape];
                return (
                  <a
                    key={shape}
                    className="btn btn--secondary btn--sm"
                    href={videoBackgroundUrl(card.cardId, design, shape, { download: true })}
                    download={videoBackgroundFileName(card.cardId, design, shape)}
                  >
                    <Icon path={ICONS.download} />
                    <span className="visually-hidden">{VIDEO_BACKGROUND_DESIGN_LABELS[design]}: </span>
                    {`${SHAPE_LABELS[shape]} indir (${width}×${height})`}
                  </a>
                );
              })}
            </div>
          </li>
        ))}
      </ul>
      <p className="share-section__hint">
        Görüşme programınızda “Arka planı değiştir” ya da “Sanal arka plan” seçeneğinden indirdiğiniz dosyayı yükleyin.
      </p>
    </ShareSection>
  );
}
