/** Texts of personal API tokens (issue 35, decision 67), in proper Turkish. */
export const API_TOKEN_MESSAGES = {
  apiTokenCreated: 'API anahtarı oluşturuldu. Anahtarı şimdi kopyalayın; bir daha gösterilmeyecek.',
  apiTokenRevoked: 'API anahtarı iptal edildi',
  apiTokenNotFound: 'API anahtarı bulunamadı',
  apiTokenNameMissing: 'API anahtarına bir ad verin',
  apiTokenNameTooLong: 'API anahtarının adı en fazla 60 karakter olabilir',
  apiTokenScopesMissing: 'API anahtarı için en az bir yetki seçin',
  apiTokenScopeUnknown: 'Seçilen yetkilerden biri tanınmıyor',
  apiTokenExpiryInvalid: 'Geçerlilik bitiş tarihi geçersiz',
  apiTokenExpiryTooSoon: 'Geçerlilik bitiş tarihi en az bir gün sonrası olmalı',
  apiTokenExpiryTooLate: 'Bir API anahtarı en fazla bir yıl geçerli olabilir',
  apiTokenLimitReached: 'En fazla 20 geçerli API anahtarınız olabilir. Kullanmadıklarınızı iptal edin.',
  /** 401: the token is unknown, revoked or past its expiry. */
  apiTokenInvalid: 'API anahtarı geçersiz, süresi dolmuş ya da iptal edilmiş.',
  /** 403: a route no token may reach (the account's security, password, sessions, tokens themselves…). */
  apiTokenRouteClosed: 'Bu işlem API anahtarıyla yapılamaz. Lütfen hesabınıza giriş yaparak deneyin.',
} as const;

/** 403: the token lacks the scope the route needs. */
export function apiTokenScopeMissingMessage(scope: string): string {
  return `Bu API anahtarının bu işlem için gereken “${scope}” yetkisi yok.`;
}
