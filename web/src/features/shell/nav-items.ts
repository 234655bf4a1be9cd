export interface NavItem {
  readonly to: string;
  readonly label: string;
  /** SVG path of a 24×24 stroke icon. */
  readonly icon: string;
  /** Active only on exactly this address (a section whose sub-pages have their own items). */
  readonly end?: boolean;
}

export interface NavGroup {
  readonly title: string;
  readonly items: readonly NavItem[];
}

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    title: 'GENEL',
    items: [
      { to: '/dashboard', label: 'Ana Sayfa', icon: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5M10 20v-5.5h4V20' },
      {
        to: '/profile',
        label: 'Profil Ayarları',
        icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7.5 8a7.5 7.5 0 0 1 15 0',
      },
      {
        to: '/account',
        label: 'Hesap Ayarları',
        icon: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7.5 7.5 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 2 1.2l.4 2.6h5l.4-2.6a7.5 7.5 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z',
      },
    ],
  },
  {
    title: 'YÖNETİM',
    items: [
      { to: '/cards', label: 'Kartlarım', icon: 'M3 6.5h18v11H3zM3 10h18M6.5 14.5h4' },
      {
        to: '/products',
        label: 'Ürün Kataloğu',
        icon: 'M4 7.5 12 3l8 4.5v9L12 21l-8-4.5v-9Zm0 0 8 4.5m0 0 8-4.5M12 12v9',
      },
      { to: '/stats', label: 'İstatistikler', icon: 'M4 20V4m0 16h16M8 16v-5m4 5V8m4 8v-3' },
      {
        to: '/leads',
        label: 'Bağlantılar',
        icon: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9a6 6 0 0 1 12 0M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.5a6 6 0 0 1 3 5.5',
      },
      {
        to: '/share',
        label: 'Paylaşım Araçları',
        icon: 'M17.5 8.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-11 6.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm11 6.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM9.1 13.5l5.8 3.4M14.9 7.1l-5.8 3.4',
      },
      {
        to: '/activate',
        label: 'Kart Aktivasyonu',
        icon: 'M12 3v4m0 10v4M3 12h4m10 0h4M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
      },
    ],
  },
  {
    title: 'ENTEGRASYON',
    items: [
      {
        to: '/rems-integration',
        label: 'REMS Entegrasyonu',
        icon: 'M9 7H6a3 3 0 0 0 0 6h3m6-6h3a3 3 0 0 1 0 6h-3M8 10h8M9 17l3 3 3-3',
      },
      {
        to: '/integrations',
        label: 'Entegrasyonlar',
        icon: 'M7 4v5m10-5v5M5 9h14v3a7 7 0 0 1-14 0V9Zm7 10v2',
      },
      {
        to: '/meetings',
        label: 'Toplantılar',
        icon: 'M4.5 6h15v14h-15zM4.5 10h15M8.5 3.5V7M15.5 3.5V7M8 13.5h3v3H8z',
      },
    ],
  },
];
