import { useState } from 'react';
import { toast } from 'sonner';
import type { AccountSession } from '@kartvizit/schemas/account/security-http';
import { MESSAGES } from '@kartvizit/schemas/messages';
import { serverProblem } from '../../shared/server-problem.ts';
import { useEndAccountSessionMutation, useEndOtherSessionsMutation } from './security-api.ts';
import {
  formatDateTimeTr,
  relativeTimeTr,
  sessionDeviceLine,
  sessionPlace,
  signInMethodLabel,
} from './security-format.ts';

const HEADING_ID = 'guvenlik-oturumlar';

function focusHeading(): void {
  document.getElementById(HEADING_ID)?.focus();
}

/** 'Oturumlar': where the account is signed in; each other session can be ended, or all of them at once. */
export function SessionsPart({ sessions }: { readonly sessions: readonly AccountSession[] }) {
  const [endSession] = useEndAccountSessionMutation();
  const [endOthers, { isLoading: endingOthers }] = useEndOtherSessionsMutation();
  const [ending, setEnding] = useState<string | null>(null);
  const others = sessions.filter((session) => !session.current).length;

  const onEnd = async (session: AccountSession) => {
    setEnding(session.id);
    const result = await endSession(session.id);
    setEnding(null);
    if ('error' in result) {
      toast.error(serverProblem(result.error)?.message ?? MESSAGES.serverError);
      return;
    }
    toast.success(result.data.message);
    focusHeading();
  };

  const onEndOthers = async () => {
    const result = await endOthers();
    if ('error' in result) {
      toast.error(serverProblem(result.error)?.message ?? MESSAGES.serverError);
      return;
    }
    toast.success(result.data.message);
    focusHeading();
  };

  return (
    <div className="sec-part">
      <h3 id={HEADING_ID} className="sec-part__title" tabIndex={-1}>
        Oturumlar
      </h3>
      <p className="sec-text">
        Hesabınızın açık olduğu cihazlar. Tanımadığınız bir oturum görürseniz sonlandırın ve şifrenizi değiştirin.
      </p>
      <ul className="sec-list" aria-labelledby={HEADING_ID}>
        {sessions.map((session) => {
          const device = sessionDeviceLine(session);
          const place = sessionPlace(session);
          return (
            <li key={session.id} className="sec-item" data-current={session.current || undefined}>
              <div className="sec-item__main">
                <span className="sec-item__name">
                  {device}
                  {session.current && <span className="sec-badge sec-badge--on sec-item__badge">Bu cihaz</span>}
                </span>
                <span className="sec-item__meta">
                  {place ? `${place} · ` : ''}
                  {signInMethodLabel(session.method)}
                </span>
                <span className="sec-item__meta">
                  Başlangıç: <time dateTime={session.startedAt}>{formatDateTimeTr(session.startedAt)}</time>
                  {' · '}
                  Son kullanım:{' '}
                  <time dateTime={session.lastUsedAt} title={formatDateTimeTr(session.lastUsedAt)}>
                    {relativeTimeTr(session.lastUsedAt)}
                  </time>
                </span>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className="btn btn--secondary sec-item__action"
                  onClick={() => void onEnd(session)}
                  disabled={ending === session.id || endingOthers}
                  aria-busy={ending === session.id}
                >
                  {ending === session.id ? 'Sonlandırılıyor...' : 'Sonlandır'}
                  <span className="visually-hidden">: {device}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 && (
        <div className="as-form__actions as-form__actions--start">
          <button
            type="button"
            className="btn sec-danger"
            onClick={() => void onEndOthers()}
            disabled={endingOthers}
            aria-busy={endingOthers}
          >
            {endingOthers ? 'Sonlandırılıyor...' : 'Diğer Tüm Oturumları Sonlandır'}
          </button>
        </div>
      )}
    </div>
  );
}
