import { useId, useState } from 'react';
import { OFFICE_MESSAGES } from '@kartvizit/schemas/office/messages';
import { formatDateTime } from '../../shared/format.ts';
import { isPhysicalCardType } from '@kartvizit/schemas/card/rules';
import { cardColorLabel, cardTypeLabel } from '../card/card-facts.ts';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import {
  useAssignOfficeCardMutation,
  useCreateOfficeCardMutation,
  useGetOfficeCardsQuery,
  useGetOfficeMembersQuery,
  useReturnOfficeCardMutation,
  type OfficeCardView,
  type OfficeMemberView,
  type OfficeView,
} from './api.ts';
import { OfficeCardOrder } from './office-card-order.tsx';
import { OfficeFrame, runOfficeCommand } from './office-frame.tsx';
import { memberName } from './office-forms.ts';

/** 'Ofis Kartları': the office's pool and the cards its members hold; a Yönetici gives and takes them back. */
export function OfficeCardsPage() {
  return (
    <OfficeFrame
      title="Ofis Kartları"
      lead="Ofisin boştaki kartlarını üyelere verin, ayrılan ya da değişen üyelerin kartlarını geri alın. Geri alınan kart kimliğini korur; basılı NFC etiketi yeni sahibinin sayfasını açar."
      adminOnly
    >
      {(office) => <OfficeCards office={office} />}
    </OfficeFrame>
  );
}

function OfficeCards({ office }: { readonly office: OfficeView }) {
  const { data, isLoading, isError, refetch, isFetching } = useGetOfficeCardsQuery(office.id);
  const { data: members } = useGetOfficeMembersQuery(office.id);
  const [create, { isLoading: creating }] = useCreateOfficeCardMutation();
  const cards = data?.data ?? [];
  const pool = cards.filter((card) => card.holderId === null);
  const held = cards.filter((card) => card.holderId !== null);
  const poolId = useId();
  const heldId = useId();

  return (
    <>
      <div className="office-toolbar">
        <button
          type="button"
          className="btn btn--primary"
          disabled={creating}
          aria-busy={creating}
          onClick={() => void runOfficeCommand(create(office.id), OFFICE_MESSAGES.officeCardCreated)}
        >
          {creating ? 'Oluşturuluyor...' : 'Sanal Kart Oluştur'}
        </button>
      </div>
      {isLoading ? (
        <Spinner label="Kartlar yükleniyor..." />
      ) : isError && !data ? (
        <div className="card-problem panel" role="alert">
          <p className="card-problem__title">Ofis kartları yüklenemedi</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()} disabled={isFetching}>
            Tekrar Dene
          </button>
        </div>
      ) : (
        <>
          <section className="panel office-section" aria-labelledby={poolId}>
            <h2 id={poolId} className="office-form__title">
              Boştaki kartlar ({pool.length})
            </h2>
            {pool.length === 0 ? (
              <p className="office-note">
                Boşta kart yok. Sanal kart oluşturabilir ya da aşağıdan fiziksel kart sipariş edebilirsiniz.
              </p>
            ) : (
              <ul className="office-card-list">
                {pool.map((card) => (
                  <PoolCard key={card.cardId} office={office} card={card} members={members?.data ?? []} />
                ))}
              </ul>
            )}
          </section>
          <section className="panel office-section" aria-labelledby={heldId}>
            <h2 id={heldId} className="office-form__title">
              Üyelerdeki kartlar ({held.length})
            </h2>
            {held.length === 0 ? (
              <p className="office-note">Henüz hiçbir üyede ofis kartı yok.</p>
            ) : (
              <ul className="office-card-list">
                {held.map((card) => (
                  <HeldCard key={card.cardId} office={office} card={card} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <OfficeCardOrder office={office} />
    </>
  );
}

function CardFacts({ card }: { readonly card: OfficeCardView }) {
  return (
    <dl className="office-facts">
      <div>
        <dt>Kart ID</dt>
        <dd className="office-mono">{card.cardId}</dd>
      </div>
      <div>
        <dt>Tür</dt>
        <dd>{isPhysicalCardType(card.type) ? `Fiziksel, ${cardTypeLabel(card.type)}` : 'Sanal'}</dd>
      </div>
      <div>
        <dt>Renk</dt>
        <dd>{cardColorLabel(card.color)}</dd>
      </div>
      <div>
        <dt>Durum</dt>
        <dd>{card.isActive ? 'Aktif' : 'Pasif'}</dd>
      </div>
      <div>
        <dt>Oluşturulma</dt>
        <dd>{formatDateTime(card.createdAt)}</dd>
      </div>
    </dl>
  );
}

function PoolCard({
  office,
  card,
  members,
}: {
  readonly office: OfficeView;
  readonly card: OfficeCardView;
  readonly members: readonly OfficeMemberView[];
}) {
  const [assign, { isLoading }] = useAssignOfficeCardMutation();
  const [userId, setUserId] = useState('');
  const selectId = useId();
  return (
    <li className="office-card">
      <CardFacts card={card} />
      <form
        className="office-card__assign"
        onSubmit={(event) => {
          event.preventDefault();
          if (userId === '') return;
          void runOfficeCommand(
            assign({ officeId: office.id, cardId: card.cardId, userId }),
            OFFICE_MESSAGES.officeCardAssigned,
          );
        }}
      >
        <label className="card-field__label" htmlFor={selectId}>
          Kartı verilecek üye
        </label>
        <div className="card-field__row">
          <select
            id={selectId}
            className="office-select"
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
          >
            <option value="">Üye seçin</option>
            {members.map((member) => (
              <option key={member.userId} value={member.userId}>
                {memberName(member)}
              </option>
            ))}
          </select>
          <button
            type="submit"
            className="btn btn--secondary btn--sm"
            disabled={isLoading || userId === ''}
            aria-busy={isLoading}
          >
            Üyeye Ver
          </button>
        </div>
      </form>
    </li>
  );
}

function HeldCard({ office, card }: { readonly office: OfficeView; readonly card: OfficeCardView }) {
  const [takeBack, { isLoading }] = useReturnOfficeCardMutation();
  const [open, setOpen] = useState(false);
  const holder = card.holderName?.trim() || 'Üye';
  return (
    <li className="office-card">
      <p className="office-card__holder">
        <strong>{holder}</strong>
      </p>
      <CardFacts card={card} />
      <div className="office-card__actions">
        <a className="btn btn--ghost btn--sm" href={card.profileUrl} target="_blank" rel="noreferrer">
          Kart Sayfası
        </a>
        <button type="button" className="btn btn--ghost btn--sm office-danger" onClick={() => setOpen(true)}>
          Geri Al
        </button>
      </div>
      <ConfirmDialog
        open={open}
        title="Kartı geri al"
        description={
          <p>
            <span className="office-mono">{card.cardId}</span> kimlikli kart {holder} kişisinden alınıp devre dışı
            bırakılacak ve ofisin boştaki kartlarına dönecek.
          </p>
        }
        confirmLabel="Geri Al"
        busyLabel="Geri alınıyor..."
        tone="danger"
        busy={isLoading}
        onConfirm={() =>
          void runOfficeCommand(
            takeBack({ officeId: office.id, cardId: card.cardId }),
            OFFICE_MESSAGES.officeCardReturned,
          ).then(() => setOpen(false))
        }
        onCancel={() => setOpen(false)}
      />
    </li>
  );
}
