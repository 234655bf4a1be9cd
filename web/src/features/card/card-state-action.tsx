import { Link } from 'react-router-dom';
import { Icon, ICONS } from '../../shared/ui/icons.tsx';
import type { CardActions } from './card-actions.tsx';
import type { CardStatus } from './card-facts.ts';

interface CardStateActionProps {
  readonly card: { readonly cardId: string; readonly name: string | null };
  readonly status: CardStatus;
  readonly actions: CardActions;
  /** Class names of the page's buttons: `danger` for deactivation, `primary` for bringing a card to life. */
  readonly classes: { readonly danger: string; readonly primary: string };
}

/** The one action a card's state calls for: deactivate an active card, reactivate an inactive one, activate a pending one. */
export function CardStateAction({ card, status, actions, classes }: CardStateActionProps) {
  const busy = actions.running !== null;
  const runningHere = actions.running?.cardId === card.cardId ? actions.running.action : null;
  switch (status) {
    case 'active':
      return (
        <button
          type="button"
          className={classes.danger}
          disabled={busy}
          onClick={() => actions.request('deactivate', card)}
        >
          <Icon path={ICONS.pause} />
          Devre Dışı Bırak
        </button>
      );
    case 'inactive':
      return (
        <button
          type="button"
          className={classes.primary}
          disabled={busy}
          aria-busy={runningHere === 'reactivate'}
          onClick={() => actions.request('reactivate', card)}
        >
          <Icon path={ICONS.play} />
          {runningHere === 'reactivate' ? 'Aktifleştiriliyor...' : 'Yeniden Aktifleştir'}
        </button>
      );
    case 'pending':
      return (
        <Link className={classes.primary} to={`/activate?cardId=${encodeURIComponent(card.cardId)}`}>
          <Icon path={ICONS.play} />
          Aktifleştir
        </Link>
      );
    default: {
      const unhandled: never = status;
      return unhandled;
    }
  }
}
