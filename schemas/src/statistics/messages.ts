/**
 * Texts of the dashboard tiles and the statistics screen (SPEC §2 "Statistics", §8 "Statistics")
 * that the server or more than one screen needs, in proper Turkish. Keys start with `statistics`
 * because they are spread into the one MESSAGES catalogue.
 */
export const STATISTICS_MESSAGES = {
  // SPEC §8: the screen's toast; the dashboard only logs its failures
  statisticsLoadError: 'İstatistikler yüklenirken bir hata oluştu',
  // SPEC §2: no profile statistics yet (GET /api/statistics/profile answered stats: null)
  statisticsNotFound: 'İstatistik verisi bulunamadı',
  statisticsNotFoundHint: 'Profiliniz henüz ziyaret edilmemiş veya kartınız henüz aktifleştirilmemiş olabilir.',
  // What "unique" means here, beside the tile (docs/decisions/0011-statistics.md)
  statisticsUniqueVisitorsHint:
    'Tekil ziyaretçi: aynı gün içinde aynı kişiden gelen ziyaretler bir kez sayılır; ertesi gün yeniden gelen kişi yeniden sayılır. Ziyaretçiler 48 saat sonra tanınmaz hâle gelir.',
  // A country, city or browser the visit did not reveal
  statisticsUnknown: 'Bilinmiyor',
  // The 'Ürünler' tab (docs/decisions/0024-product-telemetry.md)
  statisticsDeletedProduct: 'Silinmiş ürün',
  statisticsNoProductViews: 'Henüz ürün görüntülenmedi',
  statisticsNoProductViewsHint:
    'Ürün sayfalarınız ziyaret edildiğinde ya da “Satın Al” veya WhatsApp düğmesine basıldığında burada görünür.',
  statisticsProductsByCard: 'Bir kart seçildiğinde yalnızca o kartın kataloğundan açılan ürün sayfaları sayılır.',
  // The team statistics' period (GET /api/offices/{id}/statistics?from=&to=, issue 30)
  statisticsPeriodDayInvalid: 'Tarih YYYY-AA-GG biçiminde geçerli bir gün olmalıdır',
  statisticsPeriodReversed: 'Başlangıç tarihi bitiş tarihinden sonra olamaz',
  statisticsPeriodInFuture: 'Dönem bugünden sonraki günleri içeremez',
  statisticsPeriodTooLong: 'Dönem en fazla 366 gün olabilir',
  // The team figure of unique visitors, beside its tile on /office/stats
  statisticsTeamUniqueVisitorsHint:
    'Tekil ziyaretçiler her kart ve gün için ayrı sayılır; ekibin toplamı bu sayıların toplamıdır.',
  // A member whose account was erased: their figures are the office's, their name is gone
  statisticsErasedMember: 'Silinmiş hesap',
  // Live updates (GET /api/statistics/stream)
  statisticsStreamTicketInvalid: 'Canlı istatistik bağlantısının süresi doldu, lütfen sayfayı yenileyin',
} as const;
