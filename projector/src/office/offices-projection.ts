import { newOfficeDetails } from '@kartvizit/schemas/office/rules';
import type {
  MembershipCardGiven,
  MembershipCardTaken,
  MembershipEnded,
  OfficeDetails,
  OfficeEvent,
  OfficeRole,
  OfficeTemplateField,
} from '@kartvizit/schemas';
import type {
  OfficeHistoryType,
  OfficeInvitationStoredStatus,
  OfficeRemsColumn,
} from '@kartvizit/infra/read-models/contract';
import type { StoredEvent } from '@kartvizit/infra/vault/event-codec';
import { batchedUpsert, foldByKey, type Positioned } from '@kartvizit/infra/processing/batched-upsert';
import { erasedOwnersTable, type Projection, type ProjectionContext } from '@kartvizit/infra/processing/projection';

/**
 * What the office screens read (issue 30, decision 61): the office itself (`rm_offices`: its details, logo and card
 * template), its members (`rm_office_members`, a member who left keeps a row with `left_at`, so a redelivered
 * OfficeMemberJoined cannot bring them back), the office cards each member holds (`rm_office_member_cards`, from the
 * members' own streams), its invitations (`rm_office_invitations`, the invitee's address opened from the sealed event)
 * and its history ('Ofis Geçmişi', `rm_office_history`: who did what to whom, as ids; names are read from the
 * accounts when shown). KVKK: an erased account's member rows and held cards go, and its id leaves the history and the
 * invitations it sent, so nothing names it any more.
 */
type OfficeProjectionEvent = OfficeEvent | MembershipCardTaken | MembershipCardGiven | MembershipEnded;
type OfficeStreamEvent = StoredEvent<OfficeEvent>;
type OfficeOf<T extends OfficeEvent['type']> = StoredEvent<Extract<OfficeEvent, { readonly type: T }>>;
type OfficeRowEvent = OfficeOf<
  | 'OfficeCreated'
  | 'OfficeDetailsChanged'
  | 'OfficeLogoChanged'
  | 'OfficeTemplateChanged'
  | 'OfficeSecurityChanged'
  | 'OfficeRemsKeySaved'
  | 'OfficeRemsKeyRemoved'
>;
type MemberEvent = OfficeOf<'OfficeMemberJoined' | 'OfficeMemberRoleChanged' | 'OfficeMemberLeft'>;
type InvitationEvent = OfficeOf<'OfficeInvitationSent' | 'OfficeInvitationRevoked' | 'OfficeInvitationAccepted'>;
type HeldCardEvent = StoredEvent<MembershipCardTaken | MembershipCardGiven>;

interface OfficeRow {
  officeId: string;
  // null: "this batch did not change it".
  slug: string | null;
  details: OfficeDetails | null;
  logoUrl: string | null;
  template: { fields: readonly OfficeTemplateField[]; locked: readonly OfficeTemplateField[] } | null;
  rems: OfficeRemsColumn | null;
  requireSecondStep: boolean | null;
  createdAt: string | null;
  updatedAt: string | null;
}

interface MemberRow {
  officeId: string;
  userId: string;
  role: OfficeRole | null;
  joinedAt: string | null;
  /** Null while a member; always what the batch's last event says (joined, role changed: null). */
  leftAt: string | null;
}

interface InvitationRow {
  invitationId: string;
  officeId: string;
  email: string | null;
  role: OfficeRole | null;
  status: OfficeInvitationStoredStatus | null;
  expiresAt: string | null;
  createdAt: string | null;
  invitedBy: string | null;
}

interface HeldCardRow {
  userId: string;
  cardId: string;
  officeId: string;
  held: boolean;
}

interface HistoryRow {
  officeId: string;
  streamPosition: number;
  type: OfficeHistoryType;
  at: string;
  actorId: string | null;
  subjectId: string | null;
  role: OfficeRole | null;
}

/** A guard that narrows the batch's events to some of its types. */
function ofTypes<E extends StoredEvent<OfficeProjectionEvent>>(types: readonly E['type'][]) {
  const set: ReadonlySet<string> = new Set(types);
  return (event: StoredEvent<OfficeProjectionEvent>): event is E => set.has(event.type);
}

const isOfficeStreamEvent = ofTypes<OfficeStreamEvent>([
  'OfficeCreated',
  'OfficeDetailsChanged',
  'OfficeLogoChanged',
  'OfficeTemplateChanged',
  'OfficeSecurityChanged',
  'OfficeInvitationSent',
  'OfficeInvitationRevoked',
  'OfficeInvitationAccepted',
  'OfficeMemberJoined',
  'OfficeMemberRoleChanged',
  'OfficeMemberLeft',
  'OfficeRemsKeySaved',
  'OfficeRemsKeyRemoved',
  'OfficeDeleted',
]);

function evolveOffice(current: OfficeRow | undefined, event: OfficeRowEvent): OfficeRow {
  const row: OfficeRow = current ?? {
    officeId: event.data.officeId,
    slug: null,
    details: null,
    logoUrl: null,
    template: null,
    rems: null,
    requireSecondStep: null,
    createdAt: null,
    updatedAt: null,
  };
  switch (event.type) {
    case 'OfficeCreated':
      row.slug = event.data.slug;
      // A forgotten office (its key destroyed) reads its name as ''.
      row.details = newOfficeDetails(typeof event.data.name === 'string' ? event.data.name : '');
      row.logoUrl = '';
      row.template = { fields: [], locked: [] };
      row.createdAt = event.data.createdAt;
      row.updatedAt = event.data.createdAt;
      return row;
    case 'OfficeDetailsChanged':
      row.details = event.forgotten ? newOfficeDetails('') : event.data.details;
      row.updatedAt = event.data.at;
      return row;
    case 'OfficeLogoChanged':
      row.logoUrl = event.data.logoUrl;
      row.updatedAt = event.data.at;
      return row;
    case 'OfficeTemplateChanged':
      row.template = { fields: event.data.fields, locked: event.data.locked };
      row.updatedAt = event.data.at;
      return row;
    case 'OfficeSecurityChanged':
      row.requireSecondStep = event.data.requireSecondStep;
      row.updatedAt = event.data.at;
      return row;
    case 'OfficeRemsKeySaved':
      row.rems = { active: true, keyHint: event.data.keyHint, savedAt: event.data.at };
      return row;
    case 'OfficeRemsKeyRemoved':
      row.rems = { active: false, removedAt: event.data.at };
      return row;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

function evolveMember(current: MemberRow | undefined, event: MemberEvent): MemberRow {
  const row: MemberRow = current ?? {
    officeId: event.data.officeId,
    userId: event.data.userId,
    role: null,
    joinedAt: null,
    leftAt: null,
  };
  switch (event.type) {
    case 'OfficeMemberJoined':
      row.role = event.data.role;
      row.joinedAt = event.data.at;
      row.leftAt = null;
      return row;
    case 'OfficeMemberRoleChanged':
      row.role = event.data.role;
      row.leftAt = null;
      return row;
    case 'OfficeMemberLeft':
      row.leftAt = event.data.at;
      return row;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

function evolveInvitation(current: InvitationRow | undefined, event: InvitationEvent): InvitationRow {
  const row: InvitationRow = current ?? {
    invitationId: event.data.invitationId,
    officeId: event.data.officeId,
    email: null,
    role: null,
    status: null,
    expiresAt: null,
    createdAt: null,
    invitedBy: null,
  };
  switch (event.type) {
    case 'OfficeInvitationSent':
      row.email = typeof event.data.email === 'string' ? event.data.email : '';
      row.role = event.data.role;
      row.status = 'pending';
      row.expiresAt = event.data.expiresAt;
      row.createdAt = event.data.at;
      row.invitedBy = event.data.invitedBy;
      return row;
    case 'OfficeInvitationRevoked':
      row.status = 'revoked';
      return row;
    case 'OfficeInvitationAccepted':
      row.status = 'accepted';
      return row;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

function evolveHeldCard(current: HeldCardRow | undefined, event: HeldCardEvent): HeldCardRow {
  const row = current ?? {
    userId: event.data.userId,
    cardId: event.data.cardId,
    officeId: event.data.officeId,
    held: false,
  };
  row.officeId = event.data.officeId;
  row.held = event.type === 'MembershipCardTaken';
  return row;
}

/** The history line an office event makes, if any (an accepted invitation is told by the 'joined' line after it). */
function historyOf(event: OfficeStreamEvent): HistoryRow | null {
  const line = (
    type: OfficeHistoryType,
    at: string,
    actorId: string,
    subjectId: string | null,
    role: OfficeRole | null,
  ) => ({
    officeId: event.data.officeId,
    streamPosition: event.streamPosition,
    type,
    at,
    actorId,
    subjectId,
    role,
  });
  switch (event.type) {
    case 'OfficeCreated':
      return line('created', event.data.createdAt, event.data.createdBy, null, null);
    case 'OfficeDetailsChanged':
      return line('details-changed', event.data.at, event.data.changedBy, null, null);
    case 'OfficeLogoChanged':
      return line('logo-changed', event.data.at, event.data.changedBy, null, null);
    case 'OfficeTemplateChanged':
      return line('template-changed', event.data.at, event.data.changedBy, null, null);
    case 'OfficeSecurityChanged':
      return line(
        event.data.requireSecondStep ? 'second-step-required' : 'second-step-optional',
        event.data.at,
        event.data.changedBy,
        null,
        null,
      );
    case 'OfficeInvitationSent':
      return line('invited', event.data.at, event.data.invitedBy, event.data.invitationId, event.data.role);
    case 'OfficeInvitationRevoked':
      return line('invitation-revoked', event.data.at, event.data.revokedBy, event.data.invitationId, null);
    case 'OfficeInvitationAccepted':
      return null;
    case 'OfficeMemberJoined':
      return line('joined', event.data.at, event.data.userId, event.data.userId, event.data.role);
    case 'OfficeMemberRoleChanged':
      return line('role-changed', event.data.at, event.data.changedBy, event.data.userId, event.data.role);
    case 'OfficeMemberLeft':
      return line(
        event.data.reason === 'removed' ? 'removed' : 'left',
        event.data.at,
        event.data.by,
        event.data.userId,
        null,
      );
    case 'OfficeRemsKeySaved':
      return line('rems-linked', event.data.at, event.data.savedBy, null, null);
    case 'OfficeRemsKeyRemoved':
      return line('rems-unlinked', event.data.at, event.data.removedBy, null, null);
    case 'OfficeDeleted':
      // The office's rows go, its history with them (apply).
      return null;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

const upsertOffices = batchedUpsert<Positioned<OfficeRow>>({
  table: 'offices',
  key: ['office_id'],
  columns: {
    office_id: { type: 'uuid', value: (row) => row.officeId },
    slug: { type: 'text', value: (row) => row.slug, merge: 'ifSet' },
    details: { type: 'jsonb', value: (row) => (row.details ? JSON.stringify(row.details) : null), merge: 'ifSet' },
    logo_url: { type: 'text', value: (row) => row.logoUrl, merge: 'ifSet' },
    template: { type: 'jsonb', value: (row) => (row.template ? JSON.stringify(row.template) : null), merge: 'ifSet' },
    rems: { type: 'jsonb', value: (row) => (row.rems ? JSON.stringify(row.rems) : null), merge: 'ifSet' },
    require_second_step: { type: 'boolean', value: (row) => row.requireSecondStep, merge: 'ifSet' },
    created_at: { type: 'timestamptz', value: (row) => row.createdAt, merge: 'ifSet' },
    updated_at: { type: 'timestamptz', value: (row) => row.updatedAt, merge: 'ifSet' },
  },
  position: (row) => row.lastStreamPosition,
});

const upsertMembers = batchedUpsert<Positioned<MemberRow>>({
  table: 'office_members',
  key: ['office_id', 'user_id'],
  columns: {
    office_id: { type: 'uuid', value: (row) => row.officeId },
    user_id: { type: 'uuid', value: (row) => row.userId },
    role: { type: 'text', value: (row) => row.role, merge: 'ifSet' },
    joined_at: { type: 'timestamptz', value: (row) => row.joinedAt, merge: 'ifSet' },
    left_at: { type: 'timestamptz', value: (row) => row.leftAt },
  },
  position: (row) => row.lastStreamPosition,
});

const upsertInvitations = batchedUpsert<Positioned<InvitationRow>>({
  table: 'office_invitations',
  key: ['invitation_id'],
  columns: {
    invitation_id: { type: 'uuid', value: (row) => row.invitationId },
    office_id: { type: 'uuid', value: (row) => row.officeId },
    email: { type: 'text', value: (row) => row.email, merge: 'ifSet' },
    role: { type: 'text', value: (row) => row.role, merge: 'ifSet' },
    status: { type: 'text', value: (row) => row.status, merge: 'ifSet' },
    expires_at: { type: 'timestamptz', value: (row) => row.expiresAt, merge: 'ifSet' },
    created_at: { type: 'timestamptz', value: (row) => row.createdAt, merge: 'ifSet' },
    invited_by: { type: 'uuid', value: (row) => row.invitedBy, merge: 'ifSet' },
  },
  position: (row) => row.lastStreamPosition,
});

const upsertHeldCards = batchedUpsert<Positioned<HeldCardRow>>({
  table: 'office_member_cards',
  key: ['user_id', 'card_id'],
  columns: {
    user_id: { type: 'uuid', value: (row) => row.userId },
    card_id: { type: 'text', value: (row) => row.cardId },
    office_id: { type: 'uuid', value: (row) => row.officeId },
    held: { type: 'boolean', value: (row) => row.held },
  },
  position: (row) => row.lastStreamPosition,
});

// One line per stream position: a redelivered event finds its line there already.
const insertHistory = batchedUpsert<HistoryRow>({
  table: 'office_history',
  key: ['office_id', 'stream_position'],
  columns: {
    office_id: { type: 'uuid', value: (row) => row.officeId },
    stream_position: { type: 'bigint', value: (row) => row.streamPosition },
    type: { type: 'text', value: (row) => row.type, merge: 'insertOnly' },
    at: { type: 'timestamptz', value: (row) => row.at, merge: 'insertOnly' },
    actor_id: { type: 'uuid', value: (row) => row.actorId, merge: 'insertOnly' },
    subject_id: { type: 'uuid', value: (row) => row.subjectId, merge: 'insertOnly' },
    role: { type: 'text', value: (row) => row.role, merge: 'insertOnly' },
  },
});

const isMemberEvent = ofTypes<MemberEvent>(['OfficeMemberJoined', 'OfficeMemberRoleChanged', 'OfficeMemberLeft']);
const isInvitationEvent = ofTypes<InvitationEvent>([
  'OfficeInvitationSent',
  'OfficeInvitationRevoked',
  'OfficeInvitationAccepted',
]);
const isOfficeRowEvent = ofTypes<OfficeRowEvent>([
  'OfficeCreated',
  'OfficeDetailsChanged',
  'OfficeLogoChanged',
  'OfficeTemplateChanged',
  'OfficeSecurityChanged',
  'OfficeRemsKeySaved',
  'OfficeRemsKeyRemoved',
]);
const isHeldCardEvent = ofTypes<HeldCardEvent>(['MembershipCardTaken', 'MembershipCardGiven']);

/** Of these ids, those of erased accounts (the core's erased-owners table of this projection). */
async function erasedAmong(ids: readonly string[], { client, table }: ProjectionContext): Promise<ReadonlySet<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await client.query<{ owner_id: string }>(
    `SELECT owner_id FROM ${table(erasedOwnersTable(officesProjection))} WHERE owner_id = ANY($1::text[])`,
    [[...new Set(ids)]],
  );
  return new Set(rows.map((row) => row.owner_id));
}

export const officesProjection: Projection<OfficeProjectionEvent> = {
  name: 'offices',
  // 2: the office's REMS link (rems). 3: whether members must have a second step (issue 34).
  version: 3,
  tables: {
    offices: (table) => `CREATE TABLE ${table} (
        office_id uuid PRIMARY KEY,
        slug text,
        details jsonb,
        logo_url text,
        template jsonb,
        rems jsonb,
        require_second_step boolean,
        created_at timestamptz,
        updated_at timestamptz,
        last_stream_position bigint NOT NULL
      );
      CREATE INDEX ${table}_slug ON ${table} (slug)`,
    office_members: (table) => `CREATE TABLE ${table} (
        office_id uuid NOT NULL,
        user_id uuid NOT NULL,
        role text,
        joined_at timestamptz,
        left_at timestamptz,
        last_stream_position bigint NOT NULL,
        PRIMARY KEY (office_id, user_id)
      );
      CREATE INDEX ${table}_user ON ${table} (user_id)`,
    office_member_cards: (table) => `CREATE TABLE ${table} (
        user_id uuid NOT NULL,
        card_id text NOT NULL,
        office_id uuid NOT NULL,
        held boolean NOT NULL,
        last_stream_position bigint NOT NULL,
        PRIMARY KEY (user_id, card_id)
      );
      CREATE INDEX ${table}_office ON ${table} (office_id) WHERE held`,
    office_invitations: (table) => `CREATE TABLE ${table} (
        invitation_id uuid PRIMARY KEY,
        office_id uuid NOT NULL,
        email text,
        role text,
        status text,
        expires_at timestamptz,
        created_at timestamptz,
        invited_by uuid,
        last_stream_position bigint NOT NULL
      );
      CREATE INDEX ${table}_office ON ${table} (office_id, created_at DESC)`,
    office_history: (table) => `CREATE TABLE ${table} (
        office_id uuid NOT NULL,
        stream_position bigint NOT NULL,
        type text NOT NULL,
        at timestamptz NOT NULL,
        actor_id uuid,
        subject_id uuid,
        role text,
        PRIMARY KEY (office_id, stream_position)
      )`,
  },
  handles: [
    'OfficeCreated',
    'OfficeDetailsChanged',
    'OfficeLogoChanged',
    'OfficeTemplateChanged',
    'OfficeSecurityChanged',
    'OfficeInvitationSent',
    'OfficeInvitationRevoked',
    'OfficeInvitationAccepted',
    'OfficeMemberJoined',
    'OfficeMemberRoleChanged',
    'OfficeMemberLeft',
    'OfficeRemsKeySaved',
    'OfficeRemsKeyRemoved',
    'OfficeDeleted',
    'MembershipCardTaken',
    'MembershipCardGiven',
    'MembershipEnded',
  ],
  // The office is not its creator's: only what is about one person (their membership, their cards) is theirs.
  erasure: {
    ownerOf: (event) => ('userId' in event.data ? event.data.userId : null),
    async erase(ownerIds, { client, table }) {
      const ids = [ownerIds];
      await client.query(`DELETE FROM ${table('office_members')} WHERE user_id = ANY($1::uuid[])`, ids);
      await client.query(`DELETE FROM ${table('office_member_cards')} WHERE user_id = ANY($1::uuid[])`, ids);
      await client.query(`UPDATE ${table('office_history')} SET actor_id = NULL WHERE actor_id = ANY($1::uuid[])`, ids);
      await client.query(
        `UPDATE ${table('office_history')} SET subject_id = NULL WHERE subject_id = ANY($1::uuid[])`,
        ids,
      );
      await client.query(
        `UPDATE ${table('office_invitations')} SET invited_by = NULL WHERE invited_by = ANY($1::uuid[])`,
        ids,
      );
    },
  },

  async apply(batch, context) {
    const officeEvents = batch.filter(isOfficeStreamEvent);

    await upsertOffices(
      context,
      foldByKey(batch.filter(isOfficeRowEvent), (event) => event.data.officeId, evolveOffice),
    );
    await upsertMembers(
      context,
      foldByKey(batch.filter(isMemberEvent), (event) => `${event.data.officeId}/${event.data.userId}`, evolveMember),
    );

    // Fed by Kafka (ordered per stream only), an erased person's id may still come in an office's event after their
    // AccountDeleted: it is written as nobody's.
    const invitations = foldByKey(
      batch.filter(isInvitationEvent),
      (event) => event.data.invitationId,
      evolveInvitation,
    );
    const history = officeEvents.map(historyOf).filter((line) => line !== null);
    const erased = await erasedAmong(
      [...history.flatMap((line) => [line.actorId, line.subjectId]), ...invitations.map((row) => row.invitedBy)].filter(
        (id) => id !== null,
      ),
      context,
    );
    const present = (id: string | null) => (id !== null && erased.has(id) ? null : id);
    await upsertInvitations(
      context,
      invitations.map((row) => ({ ...row, invitedBy: present(row.invitedBy) })),
    );
    await insertHistory(
      context,
      history.map((line) => ({ ...line, actorId: present(line.actorId), subjectId: present(line.subjectId) })),
    );

    await upsertHeldCards(
      context,
      foldByKey(batch.filter(isHeldCardEvent), (event) => `${event.data.userId}/${event.data.cardId}`, evolveHeldCard),
    );
    // The membership is over: whatever card the stream still said the person held (before this event) is not theirs.
    for (const ended of batch.filter(ofTypes<StoredEvent<MembershipEnded>>(['MembershipEnded']))) {
      await context.client.query(
        `UPDATE ${context.table('office_member_cards')} SET held = false, last_stream_position = $2
          WHERE user_id = $1 AND held AND last_stream_position < $2`,
        [ended.data.userId, ended.streamPosition],
      );
    }
    // A deleted office leaves nothing to read: its page answers 'Ofis bulunamadı', its screens are nobody's. Its
    // events come in its stream's order, so a redelivered earlier one is always followed by this again.
    for (const deleted of batch.filter(ofTypes<OfficeOf<'OfficeDeleted'>>(['OfficeDeleted']))) {
      for (const name of ['offices', 'office_members', 'office_member_cards', 'office_invitations', 'office_history']) {
        await context.client.query(`DELETE FROM ${context.table(name)} WHERE office_id = $1`, [deleted.data.officeId]);
      }
    }
  },
};
