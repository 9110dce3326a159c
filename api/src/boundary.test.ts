import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's boundary (issue 26): code outside api/ (the web app, the SDK, the bookmarklet, the
 * extension, the e2e tests, the demo pages) imports from api/src only contracts (`*\/contract.ts`), rules
 * (`*\/rules.ts`, `rules/`) and the envelope (`lib/envelope*`). Anything else is either a new import (the
 * test fails: use or write a contract) or in DEBT below, which may only shrink (the test fails on an entry
 * nothing imports any more, so the list stays true). bench/ runs servers on purpose and is not walked.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUTSIDE = ['popup', 'sdk', 'bookmarklet', 'extension', 'tests', 'examples'];
const ALLOWED = /(^|\/)contract$|(^|\/)rules(\/|$)|^lib\/envelope/;

/**
 * Modules imported from outside api/ today that are neither contracts nor rules (issue 26's debt).
 * Services' types: move into a contract. Pure helpers (names, hashtags, locales, next, recovery): rename
 * into rules. Server set-up in tests/e2e (app, config, db, testing): the e2e harness starts a server.
 */
const DEBT = [
  'advertisers/campaigns/service',
  'advertisers/service',
  'app',
  'auth/providers/config',
  'auth/providers/routes',
  'auth/providers/service',
  'auth/recovery',
  'auth/strength',
  'boards/names',
  'boards/service',
  'collaborators/service',
  'config',
  'db/connect',
  'feed/service',
  'lib/brand',
  'lib/clock',
  'lib/errors',
  'lib/locales',
  'lib/next',
  'lib/paths',
  'media/objects/s3',
  'media/objects/testing-s3',
  'media/service',
  'pins/gates',
  'pins/hashtags',
  'pins/limits',
  'pins/service',
  'scrape/html',
  'scrape/service',
  'search/service',
  'server',
  'testing',
  'users/service',
];

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

  it('is crossed only for contracts, rules and the envelope (or a listed debt)', () => {
    const offending = [...imports].filter(([module]) => !ALLOWED.test(module) && !DEBT.includes(module)).map(([module, files]) => `${module} <- ${files.join(', ')}`);
    expect(offending).toEqual([]);
  });

  it('lists no debt that is paid (remove the entry)', () => {
    expect(DEBT.filter((module) => !imports.has(module))).toEqual([]);
  });

  it('finds an import when there is one (the walk works)', () => {
    expect(imports.has('auth/contract')).toBe(true);
  });
});
