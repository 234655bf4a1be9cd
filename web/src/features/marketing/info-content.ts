import { FEATURES } from './feature-list.ts';
import type { InfoPath } from '@kartvizit/schemas/web-routes';

export interface InfoSection {
  readonly heading?: string;
  readonly text: string;
}

export interface InfoContent {
  readonly title: string;
  readonly lead: string;
  readonly sections: readonly InfoSection[];
}

/**
 * The short public pages linked from the landing page. They say plainly what exists today and
 * what is still being prepared, rather than promising what the product does not do yet. The legal
 * texts (/kvkk, /privacy, /terms) are pages of their own (legal/).
 */
export const INFO_PAGES = {
  '/features': {
    title: 'Özellikler',
    lead: 'Dijital Kartvizit; profilinizi, kartlarınızı ve ürünlerinizi tek yerden yönetmeniz için tasarlandı.',
    sections: FEATURES.map((feature) => ({ heading: feature.title, text: feature.text })),
  },
  '/pricing': {
    title: 'Fiyatlandırma',
    lead: 'Dijital Kartvizit şu anda erken erişim aşamasında ve hesap oluşturmak ücretsiz.',
    sections: [
      {
        text: 'Fiziksel NFC kartlar ve kurumsal paketler için fiyatlarımızı hazırlıyoruz. Kesinleştiğinde bu sayfada açıkça yayımlayacağız; o zamana kadar hesabınızdan hiçbir ücret alınmaz.',
      },
    ],
  },
  '/about': {
    title: 'Hakkımızda',
    lead: 'Dijital Kartvizit, iletişim bilgilerini NFC ve QR kod ile tek dokunuşta paylaştıran Türkçe bir hizmettir.',
    sections: [
      {
        text: 'Sahada her gün yeni insanlarla tanışan profesyoneller, özellikle de gayrimenkul danışmanları düşünülerek geliştirildi. Amacımız basılı kartvizitin eksiklerini gidermek: bilgiler her zaman güncel, paylaşmak tek dokunuş, ilgiyi ölçmek mümkün.',
      },
    ],
  },
  '/faq': {
    title: 'Sıkça Sorulan Sorular',
    lead: 'En çok merak edilen konuların kısa yanıtları.',
    sections: [
      {
        heading: 'Kartımı okutan kişinin uygulama yüklemesi gerekir mi?',
        text: 'Hayır. NFC ile dokundurulan ya da QR kodu okutulan kart, telefonun tarayıcısında doğrudan açılır.',
      },
      {
        heading: 'NFC desteklemeyen telefonlarda ne olur?',
        text: 'Her kartta bir QR kod bulunur; kamerası olan her telefon kartınızı QR kod ile açabilir.',
      },
      {
        heading: 'Bilgilerimi sonradan değiştirebilir miyim?',
        text: 'Evet. Profilinizde yaptığınız değişiklikler, dağıttığınız tüm kartlarda hemen görünür.',
      },
    ],
  },
  '/blog': {
    title: 'Blog',
    lead: 'Dijital kartvizit, ağ kurma ve satış üzerine yazılarımız yakında burada yayımlanacak.',
    sections: [],
  },
  '/contact': {
    title: 'İletişim',
    lead: 'İletişim kanallarımız yakında bu sayfada yer alacak.',
    sections: [
      {
        text: 'Destek ve kurumsal talepler için iletişim formumuzu hazırlıyoruz. Hesabınızla ilgili işlemlerin tamamını şimdilik panelinizden yapabilirsiniz.',
      },
    ],
  },
} as const satisfies Record<InfoPath, InfoContent>;

export function infoContentFor(path: string): InfoContent | undefined {
  return (INFO_PAGES as Record<string, InfoContent>)[path];
}
