/**
 * "A card's page is shown": the card is activated and not deactivated, and its owner has a profile
 * and has not been forgotten. The card page (load.ts) and the sitemap (sitemap.ts) both read
 * through this one clause, so a card is listed exactly when its page answers 200.
 *
 * A `FROM … WHERE …` clause over the read models: `c` is the card (rm_cards), `p` the owner's
 * profile (rm_profiles). Callers add their own conditions with `AND`.
 */
export const SHOWN_CARDS = `FROM rm_cards c
         JOIN rm_profiles p ON p.owner_id = c.owner_id
        WHERE c.is_activated AND c.is_active AND NOT p.forgotten`;
