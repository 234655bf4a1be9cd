import { describe, expect, it } from 'vitest';
import { socialProfileUrl as serverProfileUrl } from '@kartvizit/schemas/profile/rules';
import { normaliseUsername, socialProfileUrl, withSocialChange } from './social-links.ts';

describe('socialProfileUrl', () => {
  it.each([
    ['instagram', 'ayse.yilmaz', 'https://www.instagram.com/ayse.yilmaz'],
    ['twitter', 'ayse', 'https://x.com/ayse'],
    ['x', 'ayse', 'https://x.com/ayse'],
    ['linkedin', 'ayse-yilmaz', 'https://www.linkedin.com/in/ayse-yilmaz'],
    ['facebook', 'ayse.yilmaz', 'https://www.facebook.com/ayse.yilmaz'],
    ['github', 'ayse-dev', 'https://github.com/ayse-dev'],
  ])('fills %s from the username', (platform, username, url) => {
    expect(socialProfileUrl(platform, username)).toBe(url);
  });

  it.each(['youtube', 'tiktok', 'other', 'medium'])('leaves %s to the user', (platform) => {
    expect(socialProfileUrl(platform, 'ayse')).toBeNull();
  });

  it('needs a username without spaces, and drops a leading @', () => {
    expect(socialProfileUrl('instagram', '')).toBeNull();
    expect(socialProfileUrl('instagram', '   ')).toBeNull();
    expect(socialProfileUrl('instagram', 'ayse yilmaz')).toBeNull();
    expect(socialProfileUrl('instagram', ' @ayse ')).toBe('https://www.instagram.com/ayse');
    expect(normaliseUsername('@@ayse')).toBe('ayse');
  });

  it('fills nothing for names the platforms do not allow', () => {
    expect(socialProfileUrl('github', 'çağrı')).toBeNull();
    expect(socialProfileUrl('instagram', 'ayşe/../x')).toBeNull();
  });

  it('fills exactly what the server fills for a blank address', () => {
    const platforms = [
      'instagram',
      'twitter',
      'x',
      'X',
      'linkedin',
      'facebook',
      'youtube',
      'tiktok',
      'github',
      'other',
      'medium',
    ];
    const usernames = ['ayse', '@ayse', ' ayse.yilmaz_1 ', 'ayse-dev', '', 'ayşe', 'a b', '@'];
    for (const platform of platforms) {
      for (const username of usernames) {
        expect(socialProfileUrl(platform, username), `${platform} / ${username}`).toBe(
          serverProfileUrl(platform, username),
        );
      }
    }
  });
});

describe('withSocialChange', () => {
  const empty = { platform: 'instagram', username: '', url: '' };

  it('fills the address when a username is typed for a known platform', () => {
    expect(withSocialChange(empty, 'username', 'ayse')).toEqual({
      platform: 'instagram',
      username: 'ayse',
      url: 'https://www.instagram.com/ayse',
    });
  });

  it('follows the platform while the address is still the filled one', () => {
    const filled = withSocialChange(empty, 'username', 'ayse');
    expect(withSocialChange(filled, 'platform', 'github').url).toBe('https://github.com/ayse');
    expect(withSocialChange(filled, 'username', 'ayse2').url).toBe('https://www.instagram.com/ayse2');
  });

  it('clears a filled address when the new platform has no pattern', () => {
    const filled = withSocialChange(empty, 'username', 'ayse');
    expect(withSocialChange(filled, 'platform', 'youtube').url).toBe('');
  });

  it('never replaces an address the user typed', () => {
    const typed = withSocialChange(empty, 'url', 'https://linktr.ee/ayse');
    expect(withSocialChange(typed, 'username', 'ayse').url).toBe('https://linktr.ee/ayse');
    expect(withSocialChange(typed, 'platform', 'github').url).toBe('https://linktr.ee/ayse');
  });

  it('lets the user edit the filled address, and keeps the edit afterwards', () => {
    const filled = withSocialChange(empty, 'username', 'ayse');
    const edited = withSocialChange(filled, 'url', 'https://www.instagram.com/ayse/reels');
    expect(edited.url).toBe('https://www.instagram.com/ayse/reels');
    expect(withSocialChange(edited, 'username', 'ayse_').url).toBe('https://www.instagram.com/ayse/reels');
  });

  it('keeps extra row fields such as the React key', () => {
    expect(withSocialChange({ ...empty, key: 'row-1' }, 'username', 'a').key).toBe('row-1');
  });
});
