import type { ShareEvent } from '@kartvizit/schemas';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { batchedUpsert, foldByKey, type Positioned } from '@kartvizit/infra/processing/batched-upsert';
import { SHARE_SETTINGS_PROJECTION } from '@kartvizit/infra/read-models/contract';
import type { Projection } from '@kartvizit/infra/processing/projection';

/**
 * 'Paylaşım Araçları' (issue 32): each owner's QR look (`share_settings`), read by the branded images, the share screen
 * and the wallet passes; and the personal addresses (`personal_addresses`), one row per owner and address, read by
 * `/k/{slug}`. An address left keeps its row with the end of its 30 days; taken by someone else afterwards, that
 * owner's row says so (the claim rule lets only one owner hold an address at a time).
 */
interface SettingsRow {
  ownerId: string;
  foreground: string;
  background: string;
  logo: string;
  version: number;
}

interface AddressRow {
  ownerId: string;
  slug: string;
  cardId: string;
  redirectsUntil: string | null;
}

type StyleEvent = Extract<ShareEvent, { type: 'QrStyleChosen' }>;
type AddressEvent = Exclude<ShareEvent, StyleEvent>;

function evolveSettings(_current: SettingsRow | undefined, event: StoredEvent<StyleEvent>): SettingsRow {
  const { ownerId, foreground, background, logo, chosenAt } = event.data;
  return { ownerId, foreground, background, logo, version: Date.parse(chosenAt) };
}

function evolveAddress(current: AddressRow | undefined, event: StoredEvent<AddressEvent>): AddressRow {
  const { ownerId, slug, cardId } = event.data;
  switch (event.type) {
    case 'PersonalAddressChosen':
      return { ownerId, slug, cardId, redirectsUntil: null };
    case 'PersonalAddressLeft':
      return { ...(current ?? { ownerId, slug, cardId }), redirectsUntil: event.data.redirectsUntil };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

const upsertSettings = batchedUpsert<Positioned<SettingsRow>>({
  table: 'share_settings',
  key: ['owner_id'],
  columns: {
    owner_id: { type: 'uuid', value: (row) => row.ownerId },
    qr_foreground: { type: 'text', value: (row) => row.foreground },
    qr_background: { type: 'text', value: (row) => row.background },
    qr_logo: { type: 'text', value: (row) => row.logo },
    qr_version: { type: 'bigint', value: (row) => row.version },
  },
  position: (row) => row.lastStreamPosition,
});

const upsertAddresses = batchedUpsert<Positioned<AddressRow>>({
  table: 'personal_addresses',
  key: ['owner_id', 'slug'],
  columns: {
    owner_id: { type: 'uuid', value: (row) => row.ownerId },
    slug: { type: 'text', value: (row) => row.slug },
    card_id: { type: 'text', value: (row) => row.cardId },
    redirects_until: { type: 'timestamptz', value: (row) => row.redirectsUntil },
  },
  position: (row) => row.lastStreamPosition,
});

export const shareSettingsProjection: Projection<ShareEvent> = {
  name: SHARE_SETTINGS_PROJECTION,
  version: 1,
  tables: {
    share_settings: (table) => `CREATE TABLE ${table} (
      owner_id uuid PRIMARY KEY,
      qr_foreground text NOT NULL,
      qr_background text NOT NULL,
      qr_logo text NOT NULL,
      qr_version bigint NOT NULL,
      last_stream_position bigint NOT NULL
    )`,
    personal_addresses: (table) => `CREATE TABLE ${table} (
      owner_id uuid NOT NULL,
      slug text NOT NULL,
      card_id text NOT NULL,
      redirects_until timestamptz,
      last_stream_position bigint NOT NULL,
      PRIMARY KEY (owner_id, slug)
    )`,
  },
  handles: ['QrStyleChosen', 'PersonalAddressChosen', 'PersonalAddressLeft'],
  // Account deletion (decision 29): the owner's look and addresses go; the addresses are free for others at once.
  erasure: {
    ownerOf: (event) => event.data.ownerId,
    async erase(ownerIds, { client, table }) {
      await client.query(`DELETE FROM ${table('share_settings')} WHERE owner_id = ANY($1::uuid[])`, [ownerIds]);
      await client.query(`DELETE FROM ${table('personal_addresses')} WHERE owner_id = ANY($1::uuid[])`, [ownerIds]);
    },
  },

  async apply(events, context) {
    const styles = events.filter((event): event is StoredEvent<StyleEvent> => event.type === 'QrStyleChosen');
    // An address sealed under a destroyed key ('' after the erasure) names nothing to show.
    const addresses = events.filter(
      (event): event is StoredEvent<AddressEvent> => event.type !== 'QrStyleChosen' && event.data.slug !== '',
    );
    const settings = foldByKey(styles, (event) => event.data.ownerId, evolveSettings);
    const rows = foldByKey(addresses, (event) => `${event.data.ownerId} ${event.data.slug}`, evolveAddress);
    await upsertSettings(context, settings);
    await upsertAddresses(context, rows);
    return { touched: [...new Set([...settings, ...rows].map((row) => row.ownerId))] };
  },
};
