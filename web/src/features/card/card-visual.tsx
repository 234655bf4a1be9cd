import type { CardType } from '@kartvizit/schemas/card/model';
import { isCardColor } from '@kartvizit/schemas/card/rules';
import { BrandMark } from '../../shared/ui/brand.tsx';
import { cardTypeLabel } from './card-facts.ts';
import './card-visual.css';

interface CardVisualProps {
  readonly cardId: string;
  readonly name: string | null;
  readonly type: CardType;
  readonly color: string;
  /** Dimmed, for a card that does not open the profile right now. */
  readonly muted?: boolean;
}

/**
 * The card as it looks in the hand, in its colour. Decorative: every fact on it is also written
 * out beside it for screen readers.
 */
export function CardVisual({ cardId, name, type, color, muted = false }: CardVisualProps) {
  const tone = isCardColor(color) ? color : 'black';
  return (
    <div className={`card-visual card-visual--${tone}${muted ? ' card-visual--muted' : ''}`} aria-hidden="true">
      <div className="card-visual__face">
        <div className="card-visual__top">
          <span className="card-visual__brand">
            <BrandMark />
            Dijital Kartvizit
          </span>
          <span className="card-visual__type">{cardTypeLabel(type)}</span>
        </div>
        <p className="card-visual__name">{name?.trim() || 'Kartvizitim'}</p>
        <div className="card-visual__bottom">
          <span className="card-visual__id">{cardId}</span>
          <svg className="card-visual__nfc" viewBox="0 0 24 24" focusable="false">
            <path
              d="M8.5 8.5a5 5 0 0 1 0 7M12 6a8.5 8.5 0 0 1 0 12M15.5 3.5a12 12 0 0 1 0 17"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
        </div>
      </div>
    </div>
  );
}
