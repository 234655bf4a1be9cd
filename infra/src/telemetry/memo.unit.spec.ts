import { describe, expect, it } from 'vitest';
import { memoize } from './memo.ts';

describe('memoize', () => {
  it('computes each input once while it is remembered, falsy answers included', () => {
    const asked: string[] = [];
    const isLong = memoize((input: string) => {
      asked.push(input);
      return input.length > 3;
    });
    expect([isLong('ab'), isLong('abcd'), isLong('ab'), isLong('abcd')]).toEqual([false, true, false, true]);
    expect(asked).toEqual(['ab', 'abcd']);
  });

  it('forgets the oldest input past its limit', () => {
    const asked: string[] = [];
    const upper = memoize((input: string) => {
      asked.push(input);
      return input.toUpperCase();
    }, 2);
    upper('a');
    upper('b');
    upper('c'); // 'a' goes
    upper('b');
    upper('a');
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });
});
