import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import type { Hono } from 'hono';
import { openApiDocument, type DocumentInput } from './document.js';
import { documentInputs } from './routes.js';

/**
 * The API tests' answers held to the published document: every JSON answer a test app
 * (testing.ts) gives is checked, as it leaves, against the schema /openapi.json gives for its route and
 * status (a resource action's answer, any route's error envelope). A wrong answer fails the test that
 * asked, naming the route. openapi.test.ts sees that every resource with answer schemas is asked by
 * some test, so each one is checked.
 */
type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>; components: object };

/** Made once per test file: the document is the code's, the same for every app a file makes. */
let doc: Doc | undefined;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const compiled = new Map<string, ValidateFunction | null>();
/** The document's paths as patterns (`/x/{id}/` matches `/x/42/`), exact ones first. */
let patterns: Array<{ path: string; test: RegExp }> = [];

/** The published schema of an answer, compiled; null where the document gives none (a page, a file, an undocumented status). */
function validatorFor(method: string, path: string, status: number): ValidateFunction | null {
  const key = `${method} ${path} ${status}`;
  if (compiled.has(key)) return compiled.get(key)!;
  const schema = doc!.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']?.schema;
  // The document's `#/components/…` references, read in the document itself.
  const fn = schema ? ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'))) : null;
  compiled.set(key, fn);
  return fn;
}

const isEnvelope = (body: unknown) => typeof body === 'object' && body !== null && 'resource_response' in body;
let anyError: ValidateFunction | undefined;
const errorEnvelope = () => (anyError ??= ajv.compile({ $ref: 'doc#/components/schemas/ErrorEnvelope' }));

/** Checks one answer; throws, naming the route and what is wrong, when it does not match its schema. */
export function checkAnswer(input: () => DocumentInput, method: string, url: string, status: number, body: unknown): void {
  if (!doc) {
    doc = openApiDocument(input()) as Doc;
    ajv.addSchema({ $id: 'doc', components: doc.components });
    patterns = Object.keys(doc.paths)
      .sort((a, b) => Number(a.includes('{')) - Number(b.includes('{')))
      .map((path) => ({
        path,
        test: new RegExp(
          `^${path
            .replace(/[.+?^$()|[\]\\]/g, '\\$&')
            .replace(/\{rest\d*\}/g, '.*')
            .replace(/\{\w+\}/g, '[^/]+')}$`,
        ),
      }));
  }
  const path = new URL(url, 'http://x').pathname;
  const route = patterns.find((p) => p.test.test(path) && doc!.paths[p.path]![method.toLowerCase()])?.path ?? null;
  // An error the route's entry does not list (or one of no route: an unknown path's 404) is still an error envelope.
  const validate = (route && validatorFor(method, route, status)) || (status >= 400 && isEnvelope(body) ? errorEnvelope() : null);
  if (validate && !validate(body)) {
    throw new Error(
      `${method} ${path} answered ${status} with a body its published schema refuses: ${ajv.errorsText(validate.errors, { dataVar: 'answer' })}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}

/** The app, its `request` (what the tests call) checking each JSON answer before the test reads it. */
// biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its variables
export function holdAnswers<A extends Hono<any>>(app: A): A {
  const request = app.request.bind(app);
  app.request = (async (input: RequestInfo | URL, init?: RequestInit, ...rest: unknown[]) => {
    const res = await (request as (...args: unknown[]) => Promise<Response>)(input, init, ...rest);
    // A JSON answer (application/json, …+json); a JSON-lines download (application/x-ndjson) is many documents, not one.
    if (/(^|[/+])json\b/.test(res.headers.get('content-type') ?? '')) {
      const text = await res.clone().text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        throw new Error(`${String(input)} answered ${res.status} with JSON that does not parse`);
      }
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      checkAnswer(documentInputs.get(app)!, method, input instanceof Request ? input.url : String(input), res.status, body);
    }
    return res;
  }) as A['request'];
  return app;
}
