import { ComingSoon } from '../../shared/ui/coming-soon.tsx';

export function ProfilePage() {
  return (
    <ComingSoon
      title="Profil Ayarları"
      description="İletişim ve adres bilgilerinizi, sosyal hesaplarınızı, kurumsal, fatura ve banka bilgilerinizi buradan düzenleyebileceksiniz."
    />
  );
}
