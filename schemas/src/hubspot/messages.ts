/** What the HubSpot connection says to the owner (issue 35). */
export const HUBSPOT_MESSAGES = {
  hubspotNotConfigured: 'HubSpot bu sunucuda yapılandırılmamış.',
  hubspotNotConnected: 'HubSpot bağlı değil.',
  hubspotDisconnected: 'HubSpot bağlantısı kesildi.',
  hubspotConnected: 'HubSpot hesabınız bağlandı. Yeni bağlantılarınız kişi olarak HubSpot’a aktarılacak.',
  hubspotConnectFailed: 'HubSpot bağlantısı kurulamadı. Lütfen tekrar deneyin.',
  hubspotFailureRejected: 'HubSpot kaydı kabul etmedi',
  hubspotFailureTokenRefused: 'HubSpot erişim izni artık geçerli değil; bağlantıyı kesip yeniden bağlayın',
  hubspotFailureGaveUp: 'HubSpot uzun süre yanıt vermedi',
} as const;
