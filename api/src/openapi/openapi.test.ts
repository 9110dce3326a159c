import { validate } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { surface, tableDeps } from '../security.js';
import { testApp } from '../testing.js';

/**
 * /openapi.json (issue 26): a valid OpenAPI 3.1 document, every route of the registry in it, and the
 * answers the API really gives matching the schemas it publishes.
 */
const t = await testApp();
const served = await t.app.request('/openapi.json');
const doc = (await served.json()) as { openapi: string; paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
/** A JSON Schema of the document, its `#/components/...` references read in the document. */
const check = (schema: object, value: unknown) => {
  const compiled = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')));
  return compiled(value) ? [] : compiled.errors;
};
const answerSchema = (path: string, method: string, status = '200') => doc.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema;

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
  it('saving a pin, the board list, the viewer and an error envelope', async () => {
    const me = await t.makeUser('recorded');
    const board = await t.makeBoard(me.id, 'Recorded');
    const browser = t.client();

    const anonymous = await browser.get('ViewerResource');
    expect(check(answerSchema('/resource/ViewerResource/get/', 'get'), anonymous.body)).toEqual([]);

    await browser.logIn(me.email, me.password);
    const viewer = await browser.get('ViewerResource');
    expect(viewer.body.resource_response.data.type).toBe('AUTH');
    expect(check(answerSchema('/resource/ViewerResource/get/', 'get'), viewer.body)).toEqual([]);

    const saved = await browser.post('PinResource', 'create', { board_id: board, link: 'https://example.com/recorded', color: '#336699', title: 'Recorded' });
    expect(saved.status).toBe(200);
    expect(check(answerSchema('/resource/PinResource/create/', 'post'), saved.body)).toEqual([]);

    const pin = await browser.get('PinResource', { id: saved.body.resource_response.data.id });
    expect(check(answerSchema('/resource/PinResource/get/', 'get'), pin.body)).toEqual([]);

    const boards = await browser.get('BoardsResource', { username: 'recorded' });
    expect(boards.body.resource_response.data.boards).toHaveLength(1);
    expect(check(answerSchema('/resource/BoardsResource/get/', 'get'), boards.body)).toEqual([]);

    const refused = await t.client().post('PinResource', 'create', { board_id: board, link: 'https://example.com/x' });
    expect(refused.status).toBe(401);
    expect(check(answerSchema('/resource/PinResource/create/', 'post', '401'), refused.body)).toEqual([]);

    const invalid = await browser.post('PinResource', 'create', { board_id: board });
    expect(invalid.status).toBe(400);
    expect(check(answerSchema('/resource/PinResource/create/', 'post', '400'), invalid.body)).toEqual([]);
  });

  it('tells a wrong answer from a right one (the check checks)', () => {
    expect(check(answerSchema('/resource/ViewerResource/get/', 'get'), { resource_response: { data: { type: 'AUTH' } } })).not.toEqual([]);
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
