import { describe, expect, it } from 'vitest';
import { LEAD_LIMIT_PER_CARD, LEAD_LIMIT_PER_CLIENT, LEAD_LIMIT_WINDOW_MS, LeadSubmissionLimiter } from './submission-limiter.ts';

const start = 1_800_000_000_000;

describe('lead submission limits', () => {
  it('lets a client send 5 forms to one card in 10 minutes, then says when to try again', () => {
    const limiter = new LeadSubmissionLimiter();
    for (let i = 0; i < LEAD_LIMIT_PER_CARD; i++) expect(limiter.check('203.0.113.7', 'KV-ABCD2345', start + i * 1000).allowed).toBe(true);
    const refused = limiter.check('203.0.113.7', 'KV-ABCD2345', start + 10_000);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: LEAD_LIMIT_WINDOW_MS / 1000 - 10 });
    // Another card, another client: their own counts.
    expect(limiter.check('203.0.113.7', 'KV-ZZZZ9999', start + 10_000).allowed).toBe(true);
    expect(limiter.check('198.51.100.1', 'KV-ABCD2345', start + 10_000).allowed).toBe(true);
    // The window slides: once the first hit is 10 minutes old, one more is allowed.
    expect(limiter.check('203.0.113.7', 'KV-ABCD2345', start + LEAD_LIMIT_WINDOW_MS + 1).allowed).toBe(true);
  });

  it('caps one client across all cards', () => {
    const limiter = new LeadSubmissionLimiter();
    for (let i = 0; i < LEAD_LIMIT_PER_CLIENT; i++) expect(limiter.check('203.0.113.7', `KV-CARD${i}`, start).allowed).toBe(true);
    expect(limiter.check('203.0.113.7', 'KV-NEW', start).allowed).toBe(false);
  });

  it('treats card ids without case', () => {
    const limiter = new LeadSubmissionLimiter();
    for (let i = 0; i < LEAD_LIMIT_PER_CARD; i++) limiter.check('203.0.113.7', i % 2 ? 'kv-abcd2345' : 'KV-ABCD2345', start);
    expect(limiter.check('203.0.113.7', 'Kv-AbCd2345', start).allowed).toBe(false);
  });
});
