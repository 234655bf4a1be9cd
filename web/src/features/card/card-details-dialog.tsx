import { Link } from 'react-router-dom';
import { withWritePosition } from '../../app/write-position.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import type { Card } from './api.ts';
import {
  cardColorLabel,
  cardStatus,
  cardTypeLabel,
  CARD_STATUS_LABELS,
  downloadUrl,
  formatCardDateTime,
  qrFileName,
} from './card-facts.ts';

interface CardDetailsDialogProps {
  readonly card: Card | null;
  readonly onClose: () => void;
}

/** The QR and the facts of one card, from the list (SPEC "My cards": a details dialog). */
export function CardDetailsDialog({ card, onClose }: CardDetailsDialogProps) {
  return (
    <Dialog
      open={card !== null}
      onClose={onClose}
      title={card ? `Kart Detayları: ${card.cardId}` : 'Kart Detayları'}
      size="medium"
      actions={
        card && (
          <>
            <button type="button" className="btn btn--ghost" onClick={onClose}>
              Kapat
            </button>
            <a className="btn btn--secondary" href={downloadUrl(card.qrCode)} download={qrFileName(card.cardId, 'png')}>
              QR İndir
            </a>
            <Link className="btn btn--primary" to={`/cards/${encodeURIComponent(card.cardId)}`}>
              Kart Sayfasına Git
            </Link>
          </>
        )
      }
    >
      {card && (
        <div className="details-dialog">
          <figure className="details-dialog__qr">
            <img src={card.qrCode} width={200} height={200} alt={`${card.cardId} kartının QR kodu`} />
            <figcaption>Okutulduğunda profil sayfanız açılır.</figcaption>
          </figure>
          <dl className="fact-list">
            <div>
              <dt>Kart ID</dt>
              <dd className="mono">{card.cardId}</dd>
            </div>
            <div>
              <dt>İsim</dt>
              <dd>{card.name?.trim() || '—'}</dd>
            </div>
            <div>
              <dt>Tür</dt>
              <dd>{cardTypeLabel(card.type)}</dd>
            </div>
            <div>
              <dt>Renk</dt>
              <dd>{cardColorLabel(card.color)}</dd>
            </div>
            <div>
              <dt>Durum</dt>
              <dd>{CARD_STATUS_LABELS[cardStatus(card)]}</dd>
            </div>
            <div>
              <dt>Aktivasyon Tarihi</dt>
              <dd>{formatCardDateTime(card.activatedAt)}</dd>
            </div>
            <div className="fact-list__wide">
              <dt>Profil Bağlantısı</dt>
              <dd>
                <a href={withWritePosition(card.profileUrl)} target="_blank" rel="noopener noreferrer" className="break-all">
                  {card.profileUrl}
                </a>
              </dd>
            </div>
          </dl>
        </div>
      )}
    </Dialog>
  );
}
