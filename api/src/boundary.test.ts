import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's boundary (issue 26): code outside api/ (the web app, the SDK, the bookmarklet, the
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
