import { ComingSoon } from '../../shared/ui/coming-soon.tsx';

export function ActivatePage() {
  return (
    <ComingSoon
      title="Kart Aktivasyonu"
      description="Fiziksel kartınızı kart ID’si ile aktifleştirebilecek ya da anında kullanabileceğiniz bir sanal kart oluşturabileceksiniz."
    />
  );
}
