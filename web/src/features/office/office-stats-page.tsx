import { OfficeStatistics } from '../telemetry/office-stats-page.tsx';
import { OfficeFrame } from './office-frame.tsx';

/** 'Takım İstatistikleri' (`/office/stats`): the office's cards' figures, member by member; admins only. */
export function OfficeStatsPage() {
  return (
    <OfficeFrame
      title="Takım İstatistikleri"
      lead="Ofis kartlarının ziyaretleri, tıklamaları ve bağlantıları, üye üye."
      adminOnly
    >
      {(office) => <OfficeStatistics officeId={office.id} />}
    </OfficeFrame>
  );
}
