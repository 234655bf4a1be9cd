import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../shared/ui/coming-soon.tsx';

export function CardDetailPage() {
  const { cardId = '' } = useParams();
  return (
    <ComingSoon
      title="Kart Detayları"
      description={`${cardId} kimlikli kartınızın ayrıntıları, QR kodu ve ziyaret bilgileri burada görünecek.`}
    />
  );
}
