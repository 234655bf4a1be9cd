import { ComingSoon } from '../../shared/ui/coming-soon.tsx';

export function CardsPage() {
  return (
    <ComingSoon
      title="Kartlarım"
      description="Kartlarınızı görüntüleyebilecek, QR kodlarını indirebilecek, kartlarınızı devre dışı bırakıp yeniden aktifleştirebileceksiniz."
    />
  );
}
