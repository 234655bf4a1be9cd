import { ComingSoon } from '../../shared/ui/coming-soon.tsx';

export function ProductsPage() {
  return (
    <ComingSoon
      title="Ürün Kataloğu"
      description="Kartınızı ziyaret edenlere gösterilecek ürün ve ilanlarınızı ekleyip düzenleyebilecek ve sıralayabileceksiniz."
    />
  );
}
