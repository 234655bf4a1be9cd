import { ComingSoon } from '../../shared/ui/coming-soon.tsx';

export function RemsIntegrationPage() {
  return (
    <ComingSoon
      title="REMS Entegrasyonu"
      description="REMS API anahtarınızı bağlayarak kartınızdan gelen görüşme taleplerini REMS’e otomatik olarak müşteri kaydı şeklinde aktarabileceksiniz."
    />
  );
}
