import { describe, it } from 'vitest';
import type { RemsEvent } from '@kartvizit/schemas';
import { deciderSpecification } from '@kartvizit/infra/commands/decider-specification';
import { remsDecider, type RemsCommand } from './decider.ts';

const spec = deciderSpecification(remsDecider);
const owner = '5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11';
const monday = '2026-11-23T09:00:00.000Z';
const tuesday = '2026-11-24T10:30:00.000Z';
const firstKey = 'rems_live_9c1e7a3b4f9a';
const secondKey = 'rems_live_0d2b8e5c7d31';

const saveKey = (apiKey: string, now = tuesday): RemsCommand => ({
  type: 'SaveRemsKey',
  data: { ownerId: owner, apiKey, keyHint: apiKey.slice(-4), remsAccountName: 'Yılmaz Gayrimenkul', now },
});
const removeKey: RemsCommand = { type: 'RemoveRemsKey', data: { ownerId: owner, now: tuesday } };

const saved = (apiKey: string, savedAt = monday): RemsEvent => ({
  type: 'RemsKeySaved',
  data: { ownerId: owner, apiKey, keyHint: apiKey.slice(-4), remsAccountName: 'Yılmaz Gayrimenkul', savedAt },
});
const removed = (removedAt = monday): RemsEvent => ({ type: 'RemsKeyRemoved', data: { ownerId: owner, removedAt } });

describe('the REMS key decider', () => {
  it('given no key, when the owner saves one REMS accepted, then it is saved with its hint', () => {
    spec
      .given()
      .when(saveKey(firstKey))
      .then([saved(firstKey, tuesday)]);
  });

  it('given an active key, when the owner saves the same key again, then nothing is recorded', () => {
    spec
      .given([saved(firstKey)])
      .when(saveKey(firstKey))
      .then([]);
  });

  it('given an active key, when the owner saves another key, then the new one replaces it', () => {
    spec
      .given([saved(firstKey)])
      .when(saveKey(secondKey))
      .then([saved(secondKey, tuesday)]);
  });

  it('given a key that was removed, when the owner saves the same key again, then it is saved anew', () => {
    spec
      .given([saved(firstKey), removed()])
      .when(saveKey(firstKey))
      .then([saved(firstKey, tuesday)]);
  });

  it('given an active key, when the owner removes it, then the integration is removed', () => {
    spec
      .given([saved(firstKey)])
      .when(removeKey)
      .then([removed(tuesday)]);
  });

  it('given no key ever, when the owner removes one, then 404 "Aktif bir REMS entegrasyonu yok"', () => {
    spec.given().when(removeKey).thenThrows('not_found', 'Aktif bir REMS entegrasyonu yok');
  });

  it('given a key already removed, when the owner removes it again, then 404 and nothing is recorded', () => {
    spec
      .given([saved(firstKey), removed()])
      .when(removeKey)
      .thenThrows('not_found', 'Aktif bir REMS entegrasyonu yok');
  });
});
