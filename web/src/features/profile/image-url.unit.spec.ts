import { describe, expect, it } from 'vitest';
import { displayImageUrl } from './image-url.ts';

describe('displayImageUrl', () => {
  const version = '2025-11-21T10:00:00.000Z';

  it('leaves our content-addressed media alone: a new image is a new address', () => {
    const url = '/media/profiles/0b9c3a4e-1111-4222-8333-444455556666/picture-0123456789abcdef0123456789abcdef.jpg';
    expect(displayImageUrl(url, version)).toBe(url);
  });

  it('stamps other addresses with the save they belong to', () => {
    expect(displayImageUrl('https://cdn.example.com/a.png', version)).toBe(
      `https://cdn.example.com/a.png?t=${Date.parse(version)}`,
    );
    expect(displayImageUrl('/uploads/a.png?w=200#x', version)).toBe(`/uploads/a.png?w=200&t=${Date.parse(version)}#x`);
  });

  it('has nothing to do without an address or a version', () => {
    expect(displayImageUrl('', version)).toBe('');
    expect(displayImageUrl('/uploads/a.png', '')).toBe('/uploads/a.png');
  });
});
