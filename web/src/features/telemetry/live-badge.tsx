import { useGetStatisticsStreamQuery } from './api.ts';
import './live-badge.css';

/**
 * Keeps the owner's change stream open while the calling screen is shown and says whether it is
 * connected: 'Canlı' while pushes arrive, nothing otherwise (the numbers are then as fresh as the
 * last read, and the stream is trying to come back). With an office's id: its team stream.
 */
export function useStatisticsLive(officeId?: string): boolean {
  const { data } = useGetStatisticsStreamQuery(officeId);
  return data?.status === 'live';
}

export function LiveBadge({ live }: { readonly live: boolean }) {
  if (!live) return null;
  return (
    <span className="live-badge" title="Ziyaretler ve tıklamalar anında yansıyor">
      <span className="live-badge__dot" aria-hidden="true" />
      Canlı
    </span>
  );
}
