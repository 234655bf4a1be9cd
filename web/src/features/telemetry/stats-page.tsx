import { ComingSoon } from '../../shared/ui/coming-soon.tsx';

export function StatsPage() {
  return (
    <ComingSoon
      title="İstatistikler"
      description="Ziyaret, konum, cihaz ve tıklama istatistiklerinizi son 30 gün için ayrıntılı olarak inceleyebileceksiniz."
    />
  );
}
