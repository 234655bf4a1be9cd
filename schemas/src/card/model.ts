/** What a card is made of: the lists its fields choose from. No imports: every side reads it by sub-path. */

export const PHYSICAL_CARD_TYPES = ['basic', 'pro'] as const;
export type PhysicalCardType = (typeof PHYSICAL_CARD_TYPES)[number];
export const CARD_TYPES = [...PHYSICAL_CARD_TYPES, 'virtual'] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const CARD_COLORS = ['black', 'white', 'silver', 'gold', 'rose-gold'] as const;
export type CardColor = (typeof CARD_COLORS)[number];
