import { useEffect, useId, useRef } from 'react';
import { toast } from 'sonner';
import { useAppDispatch } from '../../app/hooks.ts';
import { meetingScheduled } from './api.ts';
import '../../shared/ui/dialog.css';
import './meeting-planner.css';

/**
 * 'Toplantı Planla' on 'Toplantılar' (issue 28): the owner's calendar invite, Zoom and Calendly tools, the very code
 * the owner's own card loads (web/src/public-card/meeting-tools.ts, decision 39) with the same dialogs and OAuth
 * popups, in a chunk of its own fetched when this screen opens. A meeting made here is a MeetingScheduled like one
 * made on the card, and the list shows it at once.
 */
export function MeetingPlanner() {
  const titleId = useId();
  const host = useRef<HTMLDivElement>(null);
  const dispatch = useAppDispatch();

  useEffect(() => {
    const container = host.current;
    if (!container) return undefined;
    let removed = false;
    let remove = () => undefined as void;
    void import('../../public-card/meeting-tools.ts')
      .then(({ mountMeetingTools }) =>
        mountMeetingTools(container, {
          announce: (message) => toast(message),
          scheduled: () => dispatch(meetingScheduled()),
          note: 'Takvim daveti, Zoom toplantısı ya da Calendly randevu linki oluşturun.',
        }),
      )
      .then((tools) => {
        if (removed) tools.remove();
        else remove = () => tools.remove();
      })
      .catch((error: unknown) => console.warn('Toplantı araçları yüklenemedi', error));
    return () => {
      removed = true;
      remove();
    };
  }, [dispatch]);

  return (
    <section className="panel meeting-planner" aria-labelledby={titleId}>
      <h2 id={titleId} className="meetings-section-title">
        Toplantı Planla
      </h2>
      <div ref={host} className="meeting-planner__tools" />
    </section>
  );
}
