/** What a card is made of: the lists its fields choose from. No imports: every side reads it by sub-path. */

export const PHYSICAL_CARD_TYPES = ['basic', 'pro'] as const;
export type PhysicalCardType = (typeof PHYSICAL_CARD_TYPES)[number];
export const CARD_TYPES = [...PHYSICAL_CARD_TYPES, 'virtual'] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const CARD_COLORS = ['black', 'white', 'silver', 'gold', 'rose-gold'] as const;
export type CardColor = (typeof CARD_COLORS)[number];

/** How the screens name them in Turkish; the admin's order CSV (provisioning-csv.ts) accepts these names too. */
export const CARD_TYPE_LABELS: Readonly<Record<CardType, string>> = {
  basic: 'Temel',
  pro: 'Pro',
  virtual: 'Sanal',
};

export const CARD_COLOR_LABELS: Readonly<Record<CardColor, string>> = {
  black: 'Siyah',
  white: 'Beyaz',
  silver: 'Gümüş',
  gold: 'Altın',
  'rose-gold': 'Roze Altın',
};
