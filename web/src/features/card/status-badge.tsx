import { CARD_STATUS_LABELS, type CardStatus } from './card-facts.ts';

export function StatusBadge({ status }: { readonly status: CardStatus }) {
  return (
    <span className={`status-badge status-badge--${status}`}>
      <span className="status-badge__dot" aria-hidden="true" />
      {CARD_STATUS_LABELS[status]}
    </span>
  );
}
