/** What the offline screens say (issue 17). */
export const OFFLINE_TEXT = {
  banner: 'Çevrimdışısınız — son görülen veriler',
  bannerDetail: 'Değişiklik yapmak için internet bağlantısı gerekiyor.',
  /** A write tried while offline: refused at once, never queued. */
  writeNeedsConnection: 'Bu işlem için internet bağlantısı gerekiyor. Bağlantınız geri geldiğinde tekrar deneyin.',
  updateReady: 'Yeni sürüm hazır — yenile',
  updateAction: 'Yenile',
} as const;
