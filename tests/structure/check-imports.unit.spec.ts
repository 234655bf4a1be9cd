import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports } from './check-imports.ts';

const EXPORTS = { '.': './src/index.ts', './*': './src/*.ts' };
const WORKSPACES = ['schemas', 'infra', 'command-api', 'query-api', 'web', 'infra/deploy'];
const roots: string[] = [];

/** A small repo: the workspaces above, each with the files given (path → source). */
function tree(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-imports-'));
  roots.push(root);
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('package.json', JSON.stringify({ workspaces: WORKSPACES }));
  for (const dir of WORKSPACES) {
    const name = dir === 'infra/deploy' ? '@kartvizit/deploy' : `@kartvizit/${dir}`;
    write(`${dir}/package.json`, JSON.stringify({ name, exports: EXPORTS }));
  }
  for (const [path, text] of Object.entries(files)) write(path, text);
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('checkImports', () => {
  it('passes a clean tree whose arrows all point down', () => {
    const root = tree({
      'schemas/src/ids.ts': 'export const UUID = 1;',
      'schemas/src/index.ts': "export * from './ids.ts';",
      'infra/src/store.ts': "import { UUID } from '@kartvizit/schemas/ids';\nexport const store = UUID;",
      'command-api/src/app.ts': "import { store } from '@kartvizit/infra/store';\nexport const app = store;",
      'query-api/src/app.ts': "import type { UUID } from '@kartvizit/schemas';\nexport const app = 1;",
      'infra/deploy/src/compose.ts':
        "import { app } from '@kartvizit/command-api/app';\nimport '@kartvizit/query-api/app';",
      'web/src/main.ts': "import { UUID } from '@kartvizit/schemas/ids';\nimport('./lazy.ts');",
      'web/src/lazy.ts': 'export const lazy = 1;',
    });
    expect(checkImports(root)).toEqual({ circles: [], arrows: [], files: 8 });
  });

  it('reports a circle through relative and sub-path imports, with the way around it', () => {
    const root = tree({
      'schemas/src/events/profile.ts': "import { rule } from '../validation/profile.ts';\nexport const e = rule;",
      'schemas/src/validation/profile.ts': "import type { E } from '@kartvizit/schemas/events/profile';",
      'query-api/src/page/a.ts': "import './b.ts';",
      'query-api/src/page/b.ts': "export * from './c.ts';",
      'query-api/src/page/c.ts': "const a = await import('./a.ts');",
    });
    expect(checkImports(root).circles).toEqual([
      ['query-api/src/page/a.ts', 'query-api/src/page/b.ts', 'query-api/src/page/c.ts', 'query-api/src/page/a.ts'],
      ['schemas/src/events/profile.ts', 'schemas/src/validation/profile.ts', 'schemas/src/events/profile.ts'],
    ]);
  });

  it('reports arrows that run up: infra to a service, a service to another, the web to the server side or the schemas root', () => {
    const root = tree({
      'schemas/src/index.ts': 'export const x = 1;',
      'infra/src/a.ts': "import '@kartvizit/command-api/app';\nimport '@kartvizit/deploy/compose';",
      'command-api/src/app.ts': "import '@kartvizit/query-api/app';",
      'query-api/src/app.ts': "import '../../web/src/main.ts';",
      'infra/deploy/src/compose.ts': 'export {};',
      'web/src/main.ts': "import type { X } from '@kartvizit/schemas';\nimport '@kartvizit/infra/a';",
    });
    expect(checkImports(root).arrows).toEqual([
      'command-api/src/app.ts: imports @kartvizit/query-api/app (command-api may not import query-api)',
      'infra/src/a.ts: imports @kartvizit/command-api/app (infra may not import command-api)',
      'infra/src/a.ts: imports @kartvizit/deploy/compose (infra may not import deploy)',
      'query-api/src/app.ts: imports ../../web/src/main.ts (query-api may not import web)',
      'web/src/main.ts: imports @kartvizit/schemas (web imports the schemas by sub-path only)',
      'web/src/main.ts: imports @kartvizit/infra/a (web may not import infra)',
    ]);
  });
});
