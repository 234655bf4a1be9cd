import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { CARD_MESSAGES } from '@kartvizit/schemas/card/messages';
import { commandOutcome, toastFailure, type CommandResult } from '../../shared/command-outcome.ts';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import {
  useDeactivateCardMutation,
  useReactivateCardMutation,
  useRegenerateQrMutation,
  type CardCommandResponse,
} from './api.ts';

export type CardAction = 'deactivate' | 'reactivate' | 'regenerate';

interface ActionTarget {
  readonly cardId: string;
  readonly name: string | null;
}

const SUCCESS: Readonly<Record<CardAction, string>> = {
  deactivate: CARD_MESSAGES.cardDeactivated,
  reactivate: CARD_MESSAGES.cardReactivated,
  regenerate: CARD_MESSAGES.cardQrRegenerated,
};

export interface CardActions {
  /** Deactivation and QR renewal ask first (SPEC "My cards"); reactivation runs at once. */
  readonly request: (action: CardAction, card: ActionTarget) => void;
  /** The action running right now, so its button can say so and the others wait. */
  readonly running: { readonly action: CardAction; readonly cardId: string } | null;
  /** Render once on the page. */
  readonly dialogs: ReactNode;
}

function cardLabel(card: ActionTarget): string {
  return card.name?.trim() ? `“${card.name.trim()}” (${card.cardId})` : card.cardId;
}

export function useCardActions(): CardActions {
  const [deactivate] = useDeactivateCardMutation();
  const [reactivate] = useReactivateCardMutation();
  const [regenerate] = useRegenerateQrMutation();
  const [asking, setAsking] = useState<{ action: 'deactivate' | 'regenerate'; card: ActionTarget } | null>(null);
  const [running, setRunning] = useState<CardActions['running']>(null);

  const run = async (action: CardAction, card: ActionTarget): Promise<void> => {
    setRunning({ action, cardId: card.cardId });
    let result: CommandResult<CardCommandResponse>;
    try {
      const call = action === 'deactivate' ? deactivate : action === 'reactivate' ? reactivate : regenerate;
      result = await call(card.cardId);
    } finally {
      setRunning(null);
    }
    setAsking(null);
    const outcome = commandOutcome(result);
    if (outcome.ok) toast.success(SUCCESS[action]);
    else toastFailure(outcome);
  };

  const request: CardActions['request'] = (action, card) => {
    if (running) return;
    if (action === 'reactivate') void run(action, card);
    else setAsking({ action, card });
  };

  const busy = running !== null && asking !== null;
  const dialogs = (
    <>
      <ConfirmDialog
        open={asking?.action === 'deactivate'}
        title="Kart devre dışı bırakılsın mı?"
        description={
          asking?.action === 'deactivate' && (
            <>
              <p>{cardLabel(asking.card)} kartı devre dışı bırakılacak.</p>
              <p>
                Kart devre dışıyken QR kod ve NFC ile açılan profil sayfanız ziyaretçilere gösterilmez. Kartı dilediğiniz
                zaman yeniden aktifleştirebilirsiniz.
              </p>
            </>
          )
        }
        confirmLabel="Devre Dışı Bırak"
        tone="danger"
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) void run('deactivate', asking.card);
        }}
      />
      <ConfirmDialog
        open={asking?.action === 'regenerate'}
        title="QR kod yenilensin mi?"
        description={
          asking?.action === 'regenerate' && (
            <>
              <p>{cardLabel(asking.card)} kartının QR kod görseli yeniden oluşturulacak.</p>
              <p>
                QR kodun açtığı bağlantı değişmez; daha önce paylaştığınız veya bastırdığınız QR kodlar çalışmaya devam
                eder. Yeni görseli indirmeyi unutmayın.
              </p>
            </>
          )
        }
        confirmLabel="QR Kodu Yenile"
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) void run('regenerate', asking.card);
        }}
      />
    </>
  );

  return { request, running, dialogs };
}
