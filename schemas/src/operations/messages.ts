/** Texts of the operations endpoints (/healthz, /readyz; issue 17): an operator reads them in a probe's answer. */
export const OPERATIONS_MESSAGES = {
  ready: 'Hizmet hazır',
  notReady: 'Hizmet hazır değil',
  databaseUnreachable: 'Veritabanına ulaşılamıyor',
  eventStoreUnreachable: 'Olay deposuna ulaşılamıyor',
  /** `{name}` is the projection's name, `{seconds}` how far it is behind, `{limit}` READY_MAX_LAG_SECONDS. */
  projectionLagging: "'{name}' projeksiyonu {seconds} saniye geride (sınır {limit} saniye)",
  shuttingDownNotReady: 'Hizmet kapanıyor',
} as const;
