import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's boundary: code outside api/ (the web app, the SDK, the bookmarklet, the
 * extension, the e2e tests, the demo pages) imports from api/src only contracts (`*\/contract.ts`, and
 * `lib/*.contract.ts`: the envelope, and the error catalogue whose codes and messages an envelope carries),
 * rules (`*\/rules.ts`, `rules/`) and the envelope's helpers (`lib/envelope*`). Anything else fails: use or
 * write a contract. The e2e tests
 * start the server as a process and read its database with their own driver (tests/e2e/db.ts). bench/
 * runs servers on purpose and is not walked (docs/decisions/contract.md).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUTSIDE = ['popup', 'sdk', 'bookmarklet', 'extension', 'tests', 'examples'];
const ALLOWED = /(^|[/.])contract$|(^|\/)rules(\/|$)|^lib\/envelope/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : /\.(tsx?|mjs|js)$/.test(name) ? [path] : [];
  });
}

/** Every module of api/src a file outside api/ imports (static, dynamic or type-only), with who imports it. */
function importsOfServer(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const root of OUTSIDE)
    for (const file of walk(join(ROOT, root)))
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*)['"]((?:\.\.?\/)+[^'"]*api\/src\/[^'"]+)['"]/g)) {
        const module = relative(join(ROOT, 'api/src'), resolve(dirname(file), m[1]!)).replace(/\.(js|ts|tsx)$/, '');
        found.set(module, [...(found.get(module) ?? []), relative(ROOT, file)]);
      }
  return found;
}

describe('the boundary of api/src', () => {
  const imports = importsOfServer();

  it('is crossed only for contracts, rules, the envelope and the error catalogue', () => {
    const offending = [...imports].filter(([module]) => !ALLOWED.test(module)).map(([module, files]) => `${module} <- ${files.join(', ')}`);
    expect(offending).toEqual([]);
  });

  it('finds an import when there is one (the walk works)', () => {
    expect(imports.has('auth/contract')).toBe(true);
  });
});

describe('migrations are frozen', () => {
  // A migration that imports today's rules writes different data on a fresh install than it wrote on an
  // old one: each carries what it needs, and imports only kysely and other migrations.
  it('import nothing outside db/', () => {
    const dir = join(ROOT, 'api/src/db/migrations');
    const offending = walk(dir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]/gm)]
        .map((m) => (m[1] ?? m[2])!)
        .filter((spec) => spec !== 'kysely' && !(spec.startsWith('.') && resolve(dirname(file), spec).startsWith(join(ROOT, 'api/src/db/'))))
        .map((spec) => `${relative(ROOT, file)} imports ${spec}`),
    );
    expect(offending).toEqual([]);
  });
});

/**
 * One direction of imports inside api/src. Each top-level folder is a unit (a file at the root is one of its own),
 * and a capability's contracts and rules (`contract.ts`, `rules.ts`, `rules/`) are a unit of their own beside it:
 * any capability may import another's contracts and rules, never its services, stores or routes, and contracts
 * and rules import only the foundation, the policy and other contracts and rules. An edge is a run-time import
 * (`import type` and `export type` are erased, so they do not count; tests and testing helpers are left out, for
 * they start whole apps on purpose). A cycle between units means neither can be read, tested or changed without
 * the other, so the graph must have none.
 */
const SERVER = join(ROOT, 'api/src');

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.includes('testing') ? [path] : [];
  });
}

/** The unit a file belongs to: its top-level folder, or that folder's contracts and rules. */
function unitOf(file: string): string {
  const path = relative(SERVER, file);
  const folder = path.split('/')[0]!;
  return path !== folder && SHARED.test(path.replace(/\.(tsx?|js)$/, '')) ? `${folder} (contracts and rules)` : folder;
}
const SHARED = /(^|[/.])contract$|(^|\/)rules(\/|$)/;
/** The folder a unit is in (a folder's contracts and rules are in it). */
const folderOf = (unit: string) => unit.split(' ')[0]!;

/** from -> to -> the imports that make the edge (`file -> module`), for the message of a failure. */
function folderGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of serverFiles(SERVER)) {
    const source = readFileSync(file, 'utf8');
    // Static imports and re-exports that are not type-only, and dynamic imports (not `import('…').Type` in a type).
    const specifiers = [
      ...[...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+['"](\.[^'"]+)['"]/gm)].map((m) => m[1]!),
      ...[...source.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)(?!\.(?!then\b)\w)/g)].map((m) => m[1]!),
    ];
    for (const specifier of specifiers) {
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(`${SERVER}/`)) continue;
      const [from, to] = [unitOf(file), unitOf(target)];
      if (from === to) continue;
      const edges = graph.get(from) ?? graph.set(from, new Map()).get(from)!;
      edges.set(to, [...(edges.get(to) ?? []), `${relative(SERVER, file)} -> ${relative(SERVER, target)}`]);
    }
  }
  return graph;
}

/** The shortest way back from `to` to `from`, if there is one: the cycle the edge from -> to closes. */
function pathBack(graph: Map<string, Map<string, string[]>>, from: string, to: string): string[] | undefined {
  const cameFrom = new Map<string, string | undefined>([[to, undefined]]);
  for (const unit of cameFrom.keys()) {
    if (unit === from) {
      const path: string[] = [];
      for (let at: string | undefined = unit; at !== undefined; at = cameFrom.get(at)) path.unshift(at);
      return path;
    }
    for (const next of graph.get(unit)?.keys() ?? []) if (!cameFrom.has(next)) cameFrom.set(next, unit);
  }
  return undefined;
}

/**
 * The bottom of the server: the process's log, metrics and lifecycle (core/), the database (db/), the toolkit every
 * route uses (lib/), the media store (storage/), the job queue (jobs/), the counters (counts/) and the operators'
 * probes, backups and crash log (ops/). They import only each other, never a capability, and no folder imports a
 * file at the root (app.ts, config.ts, deps.ts, product.ts, server.ts... wire or start the whole).
 */
const FOUNDATION = ['core', 'db', 'lib', 'storage', 'jobs', 'counts', 'ops'];

describe('imports inside api/src go one way', () => {
  const graph = folderGraph();
  const inCycle = (from: string, to: string) => pathBack(graph, from, to) !== undefined;

  it('the foundation imports no capability and no folder imports a file at the root', () => {
    const offending = [...graph].flatMap(([from, edges]) =>
      [...edges]
        .filter(([to]) => (FOUNDATION.includes(folderOf(from)) && !FOUNDATION.includes(folderOf(to))) || (!from.endsWith('.ts') && to.endsWith('.ts')))
        .flatMap(([, imports]) => imports),
    );
    expect(offending).toEqual([]);
  });

  it('has no cycle between units', () => {
    const cycles = [...graph].flatMap(([from, edges]) =>
      [...edges.keys()]
        .filter((to) => inCycle(from, to))
        .map((to) => `${[from, ...pathBack(graph, from, to)!].join(' -> ')} (${graph.get(from)!.get(to)![0]})`),
    );
    expect(cycles).toEqual([]);
  });

  it('contracts and rules import only the foundation, the policy and other contracts and rules', () => {
    const below = new Set([...FOUNDATION, 'policy']);
    const offending = [...graph].flatMap(([from, edges]) =>
      from.endsWith(' (contracts and rules)')
        ? [...edges].filter(([to]) => !to.endsWith(' (contracts and rules)') && !below.has(folderOf(to))).flatMap(([, imports]) => imports)
        : [],
    );
    expect(offending).toEqual([]);
  });

  it('sees a cycle when there is one (the walk works)', () => {
    const made = new Map([
      ['a', new Map([['b', ['a/x.ts -> b/y.ts']]])],
      ['b', new Map([['c', ['b/y.ts -> c/z.ts']]])],
      ['c', new Map([['a', ['c/z.ts -> a/x.ts']]])],
    ]);
    expect(pathBack(made, 'a', 'b')).toEqual(['b', 'c', 'a']);
    expect(pathBack(made, 'a', 'd')).toBeUndefined();
    expect(graph.get('db')?.has('core')).toBe(true);
  });
});
