import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The import rules of decision 60, checked over every TypeScript file of every workspace: no circles between files,
 * and no arrow that runs up the layers (infra to a service, a service to another, the web to the server side or to the
 * schemas' root). `npm run lint` runs it; it exits 1 with the list of what breaks a rule.
 */

/** Who may import whom, by workspace name without the `@kartvizit/` scope. Absent means "nothing of the repo". */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  schemas: ['schemas'],
  infra: ['schemas', 'infra'],
  'command-api': ['schemas', 'infra', 'command-api'],
  projector: ['schemas', 'infra', 'projector'],
  'query-api': ['schemas', 'infra', 'query-api'],
  // The browser bundle: the shared facts only, by sub-path (the root pulls TypeBox in).
  web: ['schemas', 'web'],
  // The composition root sits on top of the services; the tests drive everything.
  deploy: ['schemas', 'infra', 'command-api', 'projector', 'query-api', 'deploy'],
  tests: ['schemas', 'infra', 'command-api', 'projector', 'query-api', 'web', 'deploy', 'tests'],
};

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'artifacts', 'data', '.git']);

interface Workspace {
  readonly name: string;
  readonly short: string;
  readonly dir: string;
  readonly exports: Readonly<Record<string, string>>;
}

export interface ImportProblems {
  /** Each circle as the files around it, repo-relative, the first file repeated at the end. */
  readonly circles: readonly (readonly string[])[];
  /** `file: imports target (why)` lines. */
  readonly arrows: readonly string[];
  readonly files: number;
}

function readWorkspaces(root: string): Workspace[] {
  const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces?: string[] };
  return (rootPackage.workspaces ?? []).map((path) => {
    const dir = resolve(root, path);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      name: string;
      exports?: Record<string, string>;
    };
    return { name: pkg.name, short: pkg.name.replace(/^@[^/]+\//, ''), dir, exports: pkg.exports ?? {} };
  });
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) sourceFiles(join(dir, entry.name), out);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(join(dir, entry.name));
  }
  return out;
}

/** The workspace a file belongs to: the deepest one holding it (infra/deploy is not infra). */
function owner(workspaces: readonly Workspace[], file: string): Workspace | undefined {
  return workspaces
    .filter((w) => file.startsWith(w.dir + sep))
    .sort((a, b) => b.dir.length - a.dir.length)
    .at(0);
}

function existing(path: string): string | null {
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** A `@kartvizit/<pkg>[/sub/path]` specifier through the package's `exports` (exact keys, then `*` patterns). */
function resolvePackage(workspaces: readonly Workspace[], specifier: string): string | null {
  const workspace = workspaces.find((w) => specifier === w.name || specifier.startsWith(`${w.name}/`));
  if (!workspace) return null;
  const subpath = `.${specifier.slice(workspace.name.length)}`;
  for (const [key, target] of Object.entries(workspace.exports)) {
    if (key === subpath) return existing(resolve(workspace.dir, target));
    const star = key.indexOf('*');
    if (star < 0) continue;
    const [prefix, suffix] = [key.slice(0, star), key.slice(star + 1)];
    if (subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length >= key.length - 1) {
      const matched = subpath.slice(prefix.length, subpath.length - suffix.length);
      return existing(resolve(workspace.dir, target.replace('*', matched)));
    }
  }
  return null;
}

/** Strongly connected components of more than one file (or a file importing itself), Tarjan's algorithm. */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/** One concrete way around a component, so the report names the imports to cut. */
function walkAround(graph: ReadonlyMap<string, readonly string[]>, component: readonly string[]): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0] ?? '';
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const node = queue[head] ?? '';
    for (const target of graph.get(node) ?? []) {
      if (target === start) {
        const path = [node];
        for (let step = cameFrom.get(node); step !== undefined; step = cameFrom.get(step)) path.unshift(step);
        return [...path, start];
      }
      if (members.has(target) && !cameFrom.has(target) && target !== start) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

export function checkImports(root: string): ImportProblems {
  const workspaces = readWorkspaces(root);
  const files = [...new Set(workspaces.flatMap((w) => sourceFiles(w.dir)))].sort();
  const graph = new Map<string, string[]>();
  const arrows: string[] = [];
  const show = (file: string) => relative(root, file).split(sep).join('/');

  for (const file of files) {
    const from = owner(workspaces, file);
    const targets: string[] = [];
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      const target = specifier.startsWith('.')
        ? existing(resolve(dirname(file), specifier))
        : resolvePackage(workspaces, specifier);
      if (target === null) continue;
      targets.push(target);
      const to = owner(workspaces, target);
      if (!from || !to) continue;
      // The web's build scripts (outside web/src) run in Node beside the journeys and share their Chromium finder.
      const buildTool = from.short === 'web' && to.short === 'tests' && !file.startsWith(join(from.dir, 'src') + sep);
      if (!buildTool && !(MAY_IMPORT[from.short] ?? []).includes(to.short)) {
        arrows.push(`${show(file)}: imports ${specifier} (${from.short} may not import ${to.short})`);
      } else if (from.short === 'web' && specifier === '@kartvizit/schemas') {
        arrows.push(`${show(file)}: imports ${specifier} (web imports the schemas by sub-path only)`);
      }
    }
    graph.set(file, [...new Set(targets)]);
  }

  const circles = circlesOf(graph).map((component) => walkAround(graph, component).map(show));
  return { circles, arrows, files: files.length };
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const { circles, arrows, files } = checkImports(process.argv[2] ?? root);
  if (circles.length === 0 && arrows.length === 0) {
    console.log(`check-imports: ${files} files, no import circles, every arrow points down the layers`);
    return;
  }
  for (const circle of circles) console.error(`import circle: ${circle.join(' → ')}`);
  for (const arrow of arrows) console.error(`import against the layers: ${arrow}`);
  console.error(`check-imports: ${circles.length} circle(s), ${arrows.length} arrow(s) against the layers`);
  process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
