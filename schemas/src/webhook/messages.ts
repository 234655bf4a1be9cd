/** Webhooks' Turkish (issue 35), merged into MESSAGES. */
export const WEBHOOK_MESSAGES = {
  webhookAdded: 'Webhook eklendi. Gizli anahtarı şimdi kopyalayın; bir daha gösterilmeyecek.',
  webhookChanged: 'Webhook güncellendi.',
  webhookRemoved: 'Webhook silindi.',
  webhookResumed: 'Webhook yeniden etkinleştirildi.',
  webhookPaused: 'Webhook duraklatıldı.',
  webhookRetryQueued: 'Gönderim yeniden kuyruğa alındı.',
  webhookNotFound: 'Webhook bulunamadı.',
  webhookOfficeNotFound: 'Ofis bulunamadı; ofis adına webhook’ları yalnızca ofis yöneticileri yönetir.',
  webhookDeliveryNotFound: 'Gönderim bulunamadı.',
  webhookUrlRequired: 'Webhook adresi zorunludur.',
  webhookUrlTooLong: 'Webhook adresi en fazla 2000 karakter olabilir.',
  // The address as the server finds it when the endpoint is added (infra/src/webhooks/address-policy.ts).
  webhookUrlInvalid: 'Geçerli bir webhook adresi girin (https:// ile başlayan).',
  webhookUrlNotHttps: 'Webhook adresi https:// ile başlamalı.',
  webhookUrlCredentials: 'Webhook adresi kullanıcı adı veya parola içeremez.',
  webhookUrlUnresolvable: 'Adres çözümlenemedi; alan adını kontrol edin.',
  webhookUrlPrivate: 'Bu adres yerel veya özel bir ağa çıkıyor; webhook buraya gönderilemez.',
  webhookEventsRequired: 'En az bir olay seçin.',
  webhookEventUnknown: 'Bilinmeyen olay türü: {name}.',
  webhookEventsRepeated: 'Aynı olay birden fazla seçilmiş.',
  webhookTooMany: 'En fazla 10 webhook ekleyebilirsiniz.',
  webhookUrlTaken: 'Bu adrese giden bir webhook zaten var.',
  webhookRetryPending: 'Bu gönderim zaten sırada; tamamlanınca yeniden deneyebilirsiniz.',
  webhookAlreadyActive: 'Webhook zaten etkin.',
  webhookListLoadFailed: 'Webhook’lar yüklenemedi.',
  webhookDeliveriesLoadFailed: 'Gönderim kaydı yüklenemedi.',
} as const;

/** 'Bilinmeyen olay türü: x.' with the name the request gave, cut short. */
export function webhookEventUnknown(name: string): string {
  return WEBHOOK_MESSAGES.webhookEventUnknown.replace('{name}', name.slice(0, 60));
}
