import { formatCount, formatShare, shareBarPercent } from './statistics-facts.ts';
import type { ShareRow } from './statistics-view.ts';
import './share-bars.css';

/* Share bars of the statistics screen and of the dashboard's device panel: plain HTML and CSS, no chart library. */
interface ShareBarsProps {
  readonly rows: readonly ShareRow[];
  readonly label: string;
  /** After the count ('ziyaret', 'tıklama'); none where the panel's title says what is counted. */
  readonly unit?: string;
}

/** Horizontal bars: label, count and share, the bar as long as the share. */
export function ShareBars({ rows, label, unit }: ShareBarsProps) {
  return (
    <ul className="share-bars" aria-label={label}>
      {rows.map((row) => (
        <li key={row.key} className="share-bars__item">
          <span className="share-bars__label">{row.label}</span>
          <span className="share-bars__value">
            {formatCount(row.count)} {unit ? `${unit} ` : ''}
            <span className="share-bars__share">{formatShare(row.share)}</span>
          </span>
          <span className="share-bars__track" aria-hidden="true">
            <span
              className="share-bars__fill"
              style={{ width: `${shareBarPercent(row.share)}%`, background: row.color }}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}
