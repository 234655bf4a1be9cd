import { describe, expect, it } from 'vitest';
import { relyingPartyOf } from './security-routes.ts';

describe("passkeys' relying party", () => {
  it('is the public address’s host name and origin', () => {
    expect(relyingPartyOf('https://kart.example.com')).toMatchObject({
      id: 'kart.example.com',
      origin: 'https://kart.example.com',
    });
  });

  it('is localhost on the same port for a loopback address, which cannot be one', () => {
    expect(relyingPartyOf('http://127.0.0.1:3100')).toMatchObject({ id: 'localhost', origin: 'http://localhost:3100' });
    expect(relyingPartyOf('http://[::1]:3000')).toMatchObject({ id: 'localhost', origin: 'http://localhost:3000' });
  });
});
