/** Texts of the account settings screen (/account, 'Hesap Ayarları') and the data export, in proper Turkish. */
export const ACCOUNT_MESSAGES = {
  accountRenamed: 'Adınız güncellendi',
  leadAlertsOn: 'Biri bilgilerini paylaştığında size e-posta göndereceğiz',
  leadAlertsOff: 'Biri bilgilerini paylaştığında artık e-posta göndermeyeceğiz',
  leadAlertsInvalid: 'Bu ayar yalnızca açık (true) veya kapalı (false) olabilir',
} as const;
