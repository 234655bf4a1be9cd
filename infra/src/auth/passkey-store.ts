import type pg from 'pg';

/** A passkey's public half, as WebAuthn verification needs it. */
export interface StoredPasskey {
  readonly passkeyId: string;
  readonly userId: string;
  /** The credential id, base64url. */
  readonly credentialId: string;
  readonly publicKey: Uint8Array;
  readonly counter: number;
  readonly transports: readonly string[];
}

/** Passkeys' public keys and counters (issue 34), outside the event log; their names are in PasskeyAdded (sealed). */
export class PasskeyStore {
  constructor(private readonly pool: pg.Pool) {}

  async add(passkey: StoredPasskey, now: Date): Promise<boolean> {
    const result = await this.pool.query(
      `INSERT INTO account_passkeys (passkey_id, user_id, credential_id, public_key, counter, transports, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (credential_id) DO NOTHING`,
      [
        passkey.passkeyId,
        passkey.userId,
        passkey.credentialId,
        Buffer.from(passkey.publicKey),
        passkey.counter,
        [...passkey.transports],
        now,
      ],
    );
    return result.rowCount === 1;
  }

  async byCredentialId(credentialId: string): Promise<StoredPasskey | null> {
    const { rows } = await this.pool.query<PasskeyRow>(`${SELECT} WHERE credential_id = $1`, [credentialId]);
    return rows[0] ? toPasskey(rows[0]) : null;
  }

  async ofUser(userId: string): Promise<StoredPasskey[]> {
    const { rows } = await this.pool.query<PasskeyRow>(`${SELECT} WHERE user_id = $1 ORDER BY created_at`, [userId]);
    return rows.map(toPasskey);
  }

  /** The signature counter after a sign-in (never backwards). */
  async used(passkeyId: string, counter: number): Promise<void> {
    await this.pool.query('UPDATE account_passkeys SET counter = GREATEST(counter, $2) WHERE passkey_id = $1', [
      passkeyId,
      counter,
    ]);
  }

  async remove(userId: string, passkeyId: string): Promise<boolean> {
    const result = await this.pool.query('DELETE FROM account_passkeys WHERE passkey_id = $1 AND user_id = $2', [
      passkeyId,
      userId,
    ]);
    return result.rowCount === 1;
  }
}

interface PasskeyRow {
  passkey_id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
}

const SELECT = 'SELECT passkey_id, user_id, credential_id, public_key, counter::text, transports FROM account_passkeys';

function toPasskey(row: PasskeyRow): StoredPasskey {
  return {
    passkeyId: row.passkey_id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: row.transports,
  };
}
