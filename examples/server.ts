import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Hono } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.webm': 'video/webm',
};

/**
 * The demo publisher site: the HTML files of this folder, with {{PUBLIC_ORIGIN}} and
 * {{EXAMPLES_ORIGIN}} filled in so the pages point at the product wherever it runs.
 * A page may set its own response headers in a `<!-- headers: Name: value | Name: value -->` first line.
 */
export function createExamplesApp(config: { publicOrigin: string; examplesOrigin: string }, folder: string) {
  // This folder, given by the server (which finds it from the repository's root: the compiled server runs
  // from dist/server/); the demo site depends on nothing of the server's.
  const ROOT = folder.endsWith(sep) ? folder : folder + sep;
  const app = new Hono();
  app.get('*', async (c) => {
    let path = decodeURIComponent(new URL(c.req.url).pathname);
    if (path.endsWith('/')) path += 'index.html';
    const file = resolve(ROOT, `.${path}`);
    const type = TYPES[extname(file)];
    if (!file.startsWith(ROOT) || !type || file.endsWith('.ts')) return c.notFound();
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return c.notFound();
    }
    c.header('Content-Type', type);
    c.header('Cache-Control', 'no-cache');
    if (extname(file) !== '.html') return c.body(new Uint8Array(body));
    let html = body
      .toString('utf8')
      .replaceAll('{{PUBLIC_ORIGIN}}', config.publicOrigin)
      .replaceAll('{{EXAMPLES_ORIGIN}}', config.examplesOrigin);
    const headers = /^<!-- headers: (.*?) -->\n/.exec(html);
    if (headers?.[1]) {
      for (const pair of headers[1].split(' | ')) {
        const at = pair.indexOf(':');
        c.header(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      html = html.slice(headers[0].length);
    }
    return c.html(html);
  });
  return app;
}
