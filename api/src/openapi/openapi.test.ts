import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { surface, tableDeps } from '../security.js';
import { testApp } from '../testing.js';
import { checkAnswer } from './answers.js';
import { documentInputs } from './routes.js';

/**
 * /openapi.json: a valid OpenAPI 3.1 document, every route of the registry in it, and the
 * answers the API really gives matching the schemas it publishes.
 */
const t = await testApp();
const served = await t.app.request('/openapi.json');
const doc = (await served.json()) as { openapi: string; paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };

describe('/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(served.status).toBe(200);
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect('errors' in result ? result.errors : []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('covers every route and resource action the server registers', () => {
    const rows = surface(tableDeps());
    const missing = rows
      .map((row) => ({ method: row.method.toLowerCase(), path: row.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}').replace(/\*/g, '{rest}') }))
      .filter(({ method, path }) => !doc.paths[path]?.[method]);
    expect(rows.length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('names the error codes of the catalogue', () => {
    const save = doc.paths['/resource/PinResource/create/']!.post;
    expect(save.responses['401'].description).toContain('7 unauthorized');
    expect(save.responses['400'].description).toContain('1 invalid_input');
    expect(save.responses['404'].description).toContain('30 not_found');
  });
});

describe('recorded answers match their published schemas', () => {
  // Every answer a test client gets is checked as it arrives (testing.ts, openapi/answers.ts): these are
  // a few of them, and the proof that the check refuses a wrong one.
  it('saving a pin, the board list, the viewer and an error envelope', async () => {
    const me = await t.makeUser('recorded');
    const board = await t.makeBoard(me.id, 'Recorded');
    const browser = t.client();
    expect((await browser.get('ViewerResource')).status).toBe(200);
    await browser.logIn(me.email, me.password);
    expect((await browser.get('ViewerResource')).body.resource_response.data.type).toBe('AUTH');
    const saved = await browser.post('PinResource', 'create', { board_id: board, link: 'https://example.com/recorded', color: '#336699', title: 'Recorded' });
    expect(saved.status).toBe(200);
    expect((await browser.get('PinResource', { id: saved.body.resource_response.data.id })).status).toBe(200);
    expect((await browser.get('BoardsResource', { username: 'recorded' })).body.resource_response.data.boards).toHaveLength(1);
    expect((await t.client().post('PinResource', 'create', { board_id: board, link: 'https://example.com/x' })).status).toBe(401);
    expect((await browser.post('PinResource', 'create', { board_id: board })).status).toBe(400);
  });

  it('refuses a wrong answer, naming the route (the check checks)', async () => {
    const input = documentInputs.get(t.app)!;
    const right = (await t.client().get('ViewerResource')).body;
    const viewer = '/resource/ViewerResource/get/';
    expect(() => checkAnswer(input, 'GET', viewer, 200, { resource_response: { data: { type: 'AUTH' } } })).toThrow(`GET ${viewer} answered 200`);
    expect(() => checkAnswer(input, 'GET', '/v3/nothing/here/', 404, { resource_response: { error: { message: 'x' } } })).toThrow('answered 404');
    expect(() => checkAnswer(input, 'GET', viewer, 200, right)).not.toThrow();
  });

  it('is given, for every resource with answer schemas, by some test that asks it', () => {
    const tests = readdirSync(fileURLToPath(new URL('..', import.meta.url)), { recursive: true })
      .map(String)
      // The tests and their helpers (a capability's testing.ts asks for the tests that share it).
      .filter((f) => (f.endsWith('.test.ts') || /(^|\/)testing\.ts$/.test(f)) && !f.endsWith('openapi.test.ts'))
      .map((f) => readFileSync(fileURLToPath(new URL(`../${f}`, import.meta.url)), 'utf8'))
      .join('\n');
    const answered = Object.entries(doc.paths)
      .filter(
        ([path, ops]) =>
          path.startsWith('/resource/') &&
          Object.values(ops).some((op) => op.responses['200'].content && !op.responses['200'].content['application/json'].schema.$ref),
      )
      .map(([path]) => path.split('/')[2]!);
    expect(answered.length).toBeGreaterThan(100);
    expect([...new Set(answered)].filter((name) => !new RegExp(`\\b${name}\\b`).test(tests))).toEqual([]);
  });

  it('has an answer schema for every resource action', () => {
    const open = Object.entries(doc.paths).flatMap(([path, ops]) =>
      path.startsWith('/resource/')
        ? Object.entries(ops)
            .filter(([, op]) => op.responses['200'].content?.['application/json'].schema.$ref)
            .map(([method]) => `${method} ${path}`)
        : [],
    );
    expect(open).toEqual([]);
  });
});

describe('/developers/api/', () => {
  it('serves the reference page and Swagger UI from our origin, under a strict CSP', async () => {
    const page = await t.app.request('/developers/api/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('/developers/api/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    const bundle = await t.app.request('/developers/api/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
  });
});
