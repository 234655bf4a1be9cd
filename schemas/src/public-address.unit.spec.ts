import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './public-address.ts';

describe('isLoopbackAddress', () => {
  it.each([
    'http://localhost:3000',
    'http://LOCALHOST:3000/p/KV-1',
    'http://localhost.:3000',
    'http://kart.localhost',
    'http://127.0.0.1:3140',
    'http://127.1.2.3',
    'http://127.1',
    'http://[::1]:3000',
    'http://[::ffff:127.0.0.1]:3000',
    'http://0.0.0.0:3000',
    'http://[::]:3000',
  ])('%s opens only on this machine', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each([
    'https://kart.example.com',
    'https://kart.example.com/p/KV-1',
    'http://192.168.1.20:3000',
    'http://10.0.0.5',
    'http://128.0.0.1',
    'http://localhost-kart.example.com',
    'http://[2001:db8::1]',
    '/p/KV-1',
    '',
    'bir adres değil',
  ])('%s is not a loopback address', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});
