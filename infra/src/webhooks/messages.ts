/** What the add-time address check answers (issue 35), in Turkish; the webhook routes show them as a 400. */
export const WEBHOOK_ADDRESS_MESSAGES = {
  webhookUrlInvalid: 'Geçerli bir webhook adresi girin (https:// ile başlayan).',
  webhookUrlNotHttps: 'Webhook adresi https:// ile başlamalı.',
  webhookUrlCredentials: 'Webhook adresi kullanıcı adı veya parola içeremez.',
  webhookUrlTooLong: 'Webhook adresi en fazla 2000 karakter olabilir.',
  webhookUrlUnresolvable: 'Adres çözümlenemedi; alan adını kontrol edin.',
  webhookUrlPrivate: 'Bu adres yerel veya özel bir ağa çıkıyor; webhook buraya gönderilemez.',
} as const;
