import { z } from 'zod';
import type { Declaration, SurfaceRow } from '../lib/declare.js';
import { answerEnvelope, errorEnvelope } from '../lib/envelope.contract.js';
import { catalogue, type ErrorName } from '../lib/errors.js';
import { ACTIONS, actionDeclaration, type ResourceRegistry } from '../lib/resources.js';

/**
 * GET /openapi.json: OpenAPI 3.1, made from what the server registers: every Hono route and
 * every resource action (the surface docs/security.md lists), each action's options schema and, where its
 * capability has a contract (api/src/<capability>/contract.ts), its answer's; the error codes from the
 * catalogue. Made once per process: the routes do not change while it runs.
 */
type Json = Record<string, unknown>;

/** zod 4's own JSON Schema (draft 2020-12, what OpenAPI 3.1 uses); what JSON cannot say (a transform) is left open. */
const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  return json;
};

/** The codes any route may answer with, by what its declaration says of it. */
function commonErrors(declaration: Declaration | undefined, method: string): ErrorName[] {
  const names: ErrorName[] = ['invalid_input', 'overloaded'];
  if (!declaration || declaration.caller === 'user') names.push('unauthorized');
  const limit = declaration?.limit;
  if (limit && (typeof limit === 'string' || Array.isArray(limit))) names.push('rate_limited');
  if (method !== 'GET') names.push('cross_origin_write', 'payload_too_large');
  return names;
}

/** One response per HTTP status, its description naming the catalogue's codes and messages. */
function errorResponses(names: readonly ErrorName[]): Json {
  const byStatus = new Map<number, string[]>();
  for (const name of new Set(names)) {
    const entry = catalogue[name];
    byStatus.set(entry.status, [...(byStatus.get(entry.status) ?? []), `${entry.code} ${name}: ${entry.message}`]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, lines]) => [
      String(status),
      { description: lines.join('\n'), content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
    ]),
  );
}

/**
 * How a caller proves who it is: the session cookie the website holds, or a personal access token
 * (`Authorization: Bearer cbpat_…`, made at /settings/tokens/). A route for logged-in callers takes either;
 * a token never calls the account's own settings, and a read token only reads.
 */
const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'cb_session',
    description: "The website's session. Writes must also send Origin: the product origin, and JSON.",
  },
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal access token made at /settings/tokens/ (read, or read and write). No cookie and no Origin needed.',
  },
};
const securityOf = (d: Declaration | undefined): Json => (d?.caller === 'user' ? { security: [{ sessionCookie: [] }, { bearerToken: [] }] } : {});

const policyText = (d: Declaration | undefined) =>
  d
    ? [`Caller: ${d.caller}.`, d.policy ? `Policy: ${d.policy}.` : '', `Body: up to ${d.body} bytes${d.stream ? ', streamed' : ''}.`].filter(Boolean).join(' ')
    : 'Undeclared.';

/** `/x/:id/` to `/x/{id}/`, with its path parameters. */
function pathOf(path: string): { path: string; parameters: Json[] } {
  const parameters: Json[] = [];
  const converted = path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => {
    parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    return `{${name}}`;
  });
  // A Hono wildcard is a path of its own in OpenAPI: named, as a parameter.
  let wild = 0;
  const done = converted.replace(/\*/g, () => {
    const name = `rest${wild++ || ''}`;
    parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    return `{${name}}`;
  });
  return { path: done, parameters };
}

export interface DocumentInput {
  /** The Hono routes (lib/declare.ts honoSurface of app.routes), the registry's dispatchers among them. */
  routes: readonly SurfaceRow[];
  registry: ResourceRegistry;
  origin: string;
  brand: string;
}

export function openApiDocument({ routes, registry, origin, brand }: DocumentInput): Json {
  const paths: Record<string, Json> = {};
  const add = (path: string, method: string, operation: Json) => {
    paths[path] ??= {};
    paths[path]![method.toLowerCase()] = operation;
  };

  for (const row of routes) {
    const { path, parameters } = pathOf(row.path);
    const d = row.declaration;
    add(path, row.method, {
      operationId: `${row.method.toLowerCase()} ${path}`,
      summary: `${row.method} ${path}`,
      description: policyText(d),
      tags: [path.split('/')[1] || 'pages'],
      ...securityOf(d),
      ...(parameters.length ? { parameters } : {}),
      ...(row.method !== 'GET' && d && d.body > 0
        ? { requestBody: { content: { [d.stream ? 'application/octet-stream' : 'application/json']: { schema: {} } } } }
        : {}),
      responses: {
        '200': d?.answer
          ? { description: 'The answer.', content: { 'application/json': { schema: schemaOf(answerEnvelope(d.answer), 'output') } } }
          : { description: 'The answer: JSON in the envelope for the API, else the page or file.' },
        ...errorResponses([...commonErrors(d, row.method), 'not_found']),
      },
    });
  }

  for (const [name, resource] of Object.entries(registry)) {
    for (const actionName of ACTIONS) {
      const def = resource[actionName];
      if (!def) continue;
      const d = actionDeclaration(actionName, def);
      const options = { type: 'object', properties: { options: schemaOf(def.options, 'input') }, required: ['options'] };
      const answer = def.answer ? schemaOf(answerEnvelope(def.answer), 'output') : { $ref: '#/components/schemas/AnswerEnvelope' };
      const method = actionName === 'get' ? 'GET' : 'POST';
      add(`/resource/${name}/${actionName}/`, method, {
        operationId: `${name}.${actionName}`,
        summary: `${name} ${actionName}`,
        description: policyText(d),
        tags: ['resources'],
        ...securityOf(d),
        ...(method === 'GET'
          ? {
              parameters: [
                { name: 'data', in: 'query', required: false, description: 'JSON: {"options": {…}}', content: { 'application/json': { schema: options } } },
              ],
            }
          : { requestBody: { required: true, content: { 'application/json': { schema: options } } } }),
        responses: {
          '200': { description: 'The answer.', content: { 'application/json': { schema: answer } } },
          ...errorResponses([...commonErrors(d, method), 'not_found', 'method_not_allowed', ...(def.errors ?? [])]),
        },
      });
    }
  }

  return {
    openapi: '3.1.0',
    info: {
      title: `${brand} API`,
      version: '1',
      description: `Every route the server registers, made from its declarations and contracts (api/src/openapi/document.ts). Errors: {resource_response: {error}}, codes from the catalogue (api/src/lib/errors.ts).`,
    },
    servers: [{ url: origin }],
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: {
        ErrorEnvelope: schemaOf(errorEnvelope, 'output'),
        AnswerEnvelope: schemaOf(answerEnvelope(z.unknown()), 'output'),
      },
    },
  };
}
