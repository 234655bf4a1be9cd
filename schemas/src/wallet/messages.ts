/** What the wallet passes (issue 32) say: Apple's and Google's 'add to wallet' answers. */
export const WALLET_MESSAGES = {
  appleNotConfigured: 'Bu sunucu Apple Wallet için ayarlanmamış.',
  googleNotConfigured: 'Bu sunucu Google Wallet için ayarlanmamış.',
} as const;
