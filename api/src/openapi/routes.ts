import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../deps.js';
import { declare, none } from '../lib/declare.js';
import { escapeHtml } from '../lib/html.js';
import { DEFAULT_LOCALE } from '../lib/rules/locales.js';
import { siteHeader } from '../pages/site-header.js';
import { htmlWordsOf } from '../pages/words.js';
import { openApiDocument, type DocumentInput } from './document.js';

/**
 * The API's description and its reference page. /openapi.json is made once, on first asking,
 * from the routes the app registered; /developers/api/ renders it with Swagger UI (swagger-ui-dist), its
 * files served from our origin (no CDN), under a CSP that admits our scripts and styles only.
 */
export const DEVELOPERS_PATH = '/developers/api/';

/** Our own files and the document; Swagger UI sets styles through the DOM (allowed), never inline `<style>`. */
export const DEVELOPERS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const uiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** Read once, on first asking: the bundle is 1.5 MB and never changes while the server runs. */
const files = new Map<string, string>();
const uiFile = (name: string) => files.get(name) ?? (files.set(name, readFileSync(join(uiDir, name), 'utf8')), files.get(name)!);

const INIT = `window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: false, validatorUrl: null });
});
`;

/**
 * Our corrections to Swagger UI's look, for contrast (axe color-contrast: its method badges and links are
 * too light on white), for the one server there is (its unlabelled picker goes), and for the outline: our
 * header says what the document's info block says, and its h2 sits between our h1 and Swagger UI's h3 tags.
 */
const PAGE_CSS = `body { margin: 0; font-family: sans-serif; }
.site-header { border-bottom: 1px solid #d9d9d9; padding: 8px 16px; }
.site-header nav { display: flex; flex-wrap: wrap; gap: 4px 16px; align-items: center; max-width: 1040px; margin: 0 auto; }
.site-header a { color: #111; font-weight: 700; text-decoration: none; padding: 8px 4px; }
.site-header a:hover, .site-header a:focus-visible { text-decoration: underline; }
.site-header .site-home { margin-inline-end: auto; display: inline-flex; align-items: center; gap: 8px; }
.site-mark { width: 24px; height: 24px; border-radius: 50%; box-shadow: inset 0 0 0 5px #e60023, inset 0 0 0 8px #fff; background: #e60023; }
.page-header { max-width: 1460px; margin: 0 auto; padding: 16px 20px 0; }
.swagger-ui .scheme-container, .swagger-ui .information-container { display: none; }
.swagger-ui .info .title small pre, .swagger-ui .info .title small { background: #3b4151; color: #fff; }
.swagger-ui .info a, .swagger-ui .info .url { color: #1f4f8a; }
.swagger-ui .opblock .opblock-summary-method { color: #fff; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #4a4a4a !important; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f5f9e !important; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1d6b45 !important; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00 !important; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #a4262c !important; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #1e6b62 !important; }
.swagger-ui .opblock-head .opblock-summary-method, .swagger-ui .opblock.opblock-options .opblock-summary-method { background: #5b2a86 !important; }
`;

/** The reference page; `brand` is the product's name as configured, escaped here. */
const page = (rawBrand: string, brand = escapeHtml(rawBrand)) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${brand} API reference</title>
<link rel="stylesheet" href="${DEVELOPERS_PATH}swagger-ui.css">
<link rel="stylesheet" href="${DEVELOPERS_PATH}page.css">
</head>
<body>
${siteHeader(htmlWordsOf(DEFAULT_LOCALE, rawBrand))}
<section class="page-header" aria-labelledby="api-title">
<h1 id="api-title">${brand} API reference</h1>
<p>Every route and resource action, generated from the server's contracts: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
<h2>Routes and resource actions</h2>
</section>
<div id="swagger-ui"></div>
<script src="${DEVELOPERS_PATH}swagger-ui-bundle.js"></script>
<script src="${DEVELOPERS_PATH}init.js"></script>
</body>
</html>
`;

/** Each app's document, to be made without a request: the tests' answer check (answers.ts) reads it. */
export const documentInputs = new WeakMap<object, () => DocumentInput>();

export function openApiRoutes(input: () => DocumentInput): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  let made: string | undefined;
  const read = declare({ caller: 'visitor', limit: none('a document made once per process, then served from memory'), body: 0 });
  routes.get('/openapi.json', read, (c) => {
    made ??= JSON.stringify(openApiDocument(input()));
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(made);
  });
  routes.get(DEVELOPERS_PATH, read, (c) => {
    c.header('Content-Security-Policy', DEVELOPERS_CSP);
    c.header('X-Frame-Options', 'DENY');
    c.header('Cache-Control', 'no-cache');
    return c.html(page(input().brand));
  });
  const asset = (name: string, type: string, text: () => string) =>
    routes.get(`${DEVELOPERS_PATH}${name}`, read, (c) => {
      c.header('Content-Type', type);
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(text());
    });
  asset('swagger-ui.css', 'text/css; charset=utf-8', () => uiFile('swagger-ui.css'));
  asset('swagger-ui-bundle.js', 'text/javascript; charset=utf-8', () => uiFile('swagger-ui-bundle.js'));
  asset('init.js', 'text/javascript; charset=utf-8', () => INIT);
  asset('page.css', 'text/css; charset=utf-8', () => PAGE_CSS);
  return routes;
}
