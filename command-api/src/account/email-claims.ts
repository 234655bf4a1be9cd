import { MESSAGES, conflictError, type ClaimEvent, type EmailClaimed, type EmailReleased } from '@kartvizit/schemas';
import type { AppendRequest, ExpectedVersion } from '@kartvizit/infra/event-store/types';
import type { CommandContext } from '../core/context.ts';

/**
 * "One account per e-mail address" through the address's claim stream (never through the read model), like card
 * names (name-claims.ts). The stream's last event says who holds the address: EmailClaimed takes it, EmailReleased
 * gives it back (the account was deleted or moved to another address). A claim is written in the same atomic write as
 * the event that needs it, at the version the holder was read at, so of two registrations racing for an address, or a
 * registration racing an e-mail change, exactly one wins and the other gets a ConcurrencyError on the claim stream.
 */
export function emailClaims(context: Pick<CommandContext, 'store' | 'codec' | 'claimStreamId'>) {
  const { store, codec } = context;
  const emailClaimStreamId = (email: string) => context.claimStreamId('email', email);

  async function read(email: string): Promise<{ holder: string | null; expected: ExpectedVersion }> {
    const stream = await store.readStream(emailClaimStreamId(email));
    const last = stream.events.at(-1) as
      { readonly type: ClaimEvent['type']; readonly data: { userId?: unknown } } | undefined;
    if (stream.version === -1 || !last) return { holder: null, expected: 'no_stream' };
    const holder = last.type === 'EmailClaimed' && typeof last.data.userId === 'string' ? last.data.userId : null;
    return { holder, expected: stream.version };
  }

  return {
    /** The account that has this (normalised) address now; null when none has. */
    async holderOf(email: string): Promise<string | null> {
      return (await read(email)).holder;
    },

    /**
     * The write that gives `email` to `userId`; null when they have it already. Throws the 409 'Bu e-posta adresi
     * zaten kayıtlı' when another account has it.
     */
    async claim(email: string, userId: string, at: string): Promise<AppendRequest | null> {
      const { holder, expected } = await read(email);
      if (holder === userId) return null;
      if (holder !== null) throw conflictError(MESSAGES.emailTaken, 'email');
      const claimed: EmailClaimed = { type: 'EmailClaimed', data: { userId, claimedAt: at } };
      return { streamId: emailClaimStreamId(email), expected, events: [await codec.encode(claimed)] };
    },

    /** The write that gives `email` back; null when `userId` does not hold it (nothing to give back). */
    async release(email: string, userId: string, at: string): Promise<AppendRequest | null> {
      const { holder, expected } = await read(email);
      if (holder !== userId) return null;
      const released: EmailReleased = { type: 'EmailReleased', data: { userId, releasedAt: at } };
      return { streamId: emailClaimStreamId(email), expected, events: [await codec.encode(released)] };
    },

    /** True when a ConcurrencyError on this stream means "the address was taken meanwhile". */
    isClaimStreamOf(streamId: string, email: string): boolean {
      return streamId === emailClaimStreamId(email);
    },
  };
}

export type EmailClaims = ReturnType<typeof emailClaims>;
