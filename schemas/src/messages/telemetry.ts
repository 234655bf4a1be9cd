/**
 * Texts of the telemetry API (visits and clicks from the public card). Only broken requests get
 * one; a hit that is merely not counted (a bot, an unknown card) is answered 204 without a word.
 */
export const TELEMETRY_MESSAGES = {
  telemetryCardIdRequired: 'Kart ID gerekli',
  telemetryProfileIdRequired: 'Profil ID gerekli',
  telemetryClickTypeRequired: 'Tıklama türü gerekli',
  telemetryClickTypeInvalid: 'Geçersiz tıklama türü',
} as const;
