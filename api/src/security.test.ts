import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isDeclaration } from './lib/declare.js';
import { SECURITY_DOC, securityDoc, surface, tableDeps } from './security.js';

describe('every route declares its caller, limit and body (docs/security.md)', () => {
  const rows = surface(tableDeps());

  it('walks every Hono route and every resource action, and finds none without a whole declaration', () => {
    // The walk sees what the server serves: the upload route, the registry's log-in and the pages are in it.
    const paths = rows.map((row) => `${row.method} ${row.path}`);
    expect(paths).toEqual(expect.arrayContaining(['POST /v3/media/uploads/', 'POST /resource/UserSessionResource/create/', 'GET /pin-builder/']));
    expect(rows.filter((row) => !isDeclaration(row.declaration)).map((row) => `${row.method} ${row.path}`)).toEqual([]);
  });

  it('docs/security.md is the table of what is registered now (npm run docs:security writes it)', () => {
    expect(readFileSync(SECURITY_DOC, 'utf8')).toBe(securityDoc(rows));
  });
});
