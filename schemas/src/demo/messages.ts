/** Texts about the sample card ('Örnek kart', schemas/src/demo/model.ts). */
export const DEMO_MESSAGES = {
  demoCardTakesNoLeads: 'Bu bir örnek kart: bilgi gönderilemez ve hiçbir bilgi kaydedilmez.',
} as const;
