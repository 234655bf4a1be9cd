import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskBlobStore } from './local-disk.ts';
import { InvalidBlobKeyError, isValidBlobKey, readBlob } from './types.ts';

let root: string;
let outside: string;
let store: LocalDiskBlobStore;

beforeAll(async () => {
  const base = await mkdtemp(join(tmpdir(), 'kartvizit-blobs-'));
  root = join(base, 'blobs');
  outside = base;
  await writeFile(join(outside, 'secret.jpg'), 'not for you');
  store = new LocalDiskBlobStore(root);
});
afterAll(async () => {
  await rm(outside, { recursive: true, force: true });
});

describe('blob keys', () => {
  it.each(['profiles/0b7c/picture-ab12.jpg', 'a.png', 'x/y_z/file-1.webp'])('accepts %s', (key) => {
    expect(isValidBlobKey(key)).toBe(true);
  });

  it.each([
    '',
    '../secret.jpg',
    'profiles/../../secret.jpg',
    '/etc/passwd.jpg',
    'profiles\\..\\secret.jpg',
    'profiles/%2e%2e/secret.jpg',
    '.hidden.jpg',
    'profiles/.git/config.jpg',
    'Profiles/A.jpg',
    'profiles//a.jpg',
    'profiles/a.jpg/',
    'noextension',
    'a.jpg\u0000.png',
    `${'a/'.repeat(9)}a.jpg`,
  ])('refuses %j', (key) => {
    expect(isValidBlobKey(key)).toBe(false);
  });
});

describe('the local-disk store', () => {
  it('stores, reads back with the content type and deletes', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]);
    await store.put('profiles/owner/picture-1.jpg', bytes, 'image/jpeg');
    const object = await store.get('profiles/owner/picture-1.jpg');
    expect(object?.contentType).toBe('image/jpeg');
    expect(object?.size).toBe(bytes.length);
    expect(object && (await readBlob(object))).toEqual(bytes);
    await store.delete('profiles/owner/picture-1.jpg');
    expect(await store.get('profiles/owner/picture-1.jpg')).toBeNull();
    await store.delete('profiles/owner/picture-1.jpg');
  });

  it('leaves no temporary files behind', async () => {
    await store.put('t/a.png', Buffer.from('x'), 'image/png');
    expect(await readdir(join(root, 't'))).toEqual(['a.png']);
  });

  it('refuses a content type that does not match the extension', async () => {
    await expect(store.put('t/b.png', Buffer.from('x'), 'text/html')).rejects.toThrow();
    await expect(store.put('t/b.html', Buffer.from('x'), 'text/html')).rejects.toThrow(/content type/i);
  });

  it('never reads or writes outside its directory', async () => {
    expect(await store.get('../secret.jpg')).toBeNull();
    expect(await store.get('t/../../secret.jpg')).toBeNull();
    await expect(store.put('../evil.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(InvalidBlobKeyError);
    await expect(store.delete('../secret.jpg')).rejects.toThrow(InvalidBlobKeyError);
    expect(await readdir(outside)).toEqual(expect.arrayContaining(['secret.jpg']));
  });

  it("removes a folder of keys (an owner's files) and nothing beside it", async () => {
    await store.put('profiles/gone/picture-1.jpg', Buffer.from('x'), 'image/jpeg');
    await store.put('profiles/gone/cover-2.png', Buffer.from('x'), 'image/png');
    await store.put('profiles/stays/picture-1.jpg', Buffer.from('x'), 'image/jpeg');
    await store.deleteUnder('profiles/gone');
    expect(await store.get('profiles/gone/picture-1.jpg')).toBeNull();
    expect(await readdir(join(root, 'profiles'))).not.toContain('gone');
    expect(await store.get('profiles/stays/picture-1.jpg')).not.toBeNull();
    await store.deleteUnder('profiles/gone');
  });

  it.each(['', '..', 'profiles/..', '../', 'profiles/../..', '/etc', 'profiles/.git'])(
    'refuses to remove the folder %j',
    async (folder) => {
      await expect(store.deleteUnder(folder)).rejects.toThrow(InvalidBlobKeyError);
      expect(await readdir(outside)).toEqual(expect.arrayContaining(['secret.jpg', 'blobs']));
    },
  );

  it('answers null for a missing key and for a directory', async () => {
    expect(await store.get('nothing/here.jpg')).toBeNull();
    await store.put('dir/x.jpg', Buffer.from('x'), 'image/jpeg');
    expect(await store.get('dir.jpg')).toBeNull();
  });
});
