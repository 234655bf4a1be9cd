/**
 * Texts of the telemetry API (visits and clicks from the public card). Only broken requests and
 * hits that could not be stored (503, the page may send them again) get one; a hit that is merely
 * not counted (a bot, an unknown card) is answered 204 without a word.
 */
export const TELEMETRY_MESSAGES = {
  telemetryCardIdRequired: 'Kart ID gerekli',
  telemetryProfileIdRequired: 'Profil ID gerekli',
  telemetryClickTypeRequired: 'Tıklama türü gerekli',
  telemetryClickTypeInvalid: 'Geçersiz tıklama türü',
  telemetryProductIdRequired: 'Ürün ID gerekli',
  telemetryProductActionRequired: 'Ürün tıklama türü gerekli',
  telemetryProductActionInvalid: 'Geçersiz ürün tıklama türü',
  telemetryVitalsPageRequired: 'Sayfa türü gerekli',
  telemetryVitalsPageInvalid: 'Geçersiz sayfa türü',
  telemetryVitalsMetricsRequired: 'En az bir ölçüm değeri gerekli',
  telemetryVitalsMetricInvalid: (metric: string) => `Geçersiz ölçüm değeri: ${metric}`,
  telemetryNotStored: 'Kayıt şu anda alınamadı, lütfen biraz sonra tekrar deneyin',
} as const;
