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
  // The site owner's verification tags (a product asks a site to carry one to prove who owns it): pasted on
  // the site's settings page, carried in every page's head. In memory, a few at most, tokens only.
  const tokens: string[] = [];
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  app.post('/site-settings/', async (c) => {
    const form = await c.req.parseBody();
    if (form.remove === 'all') tokens.length = 0;
    const pasted = typeof form.meta_tag === 'string' ? form.meta_tag : '';
    // The tag as the product gives it, or its token alone.
    const token = (/content="([^"]*)"/.exec(pasted)?.[1] ?? pasted).trim();
    if (/^[A-Za-z0-9_-]{8,200}$/.test(token) && !tokens.includes(token)) {
      tokens.push(token);
      if (tokens.length > 8) tokens.shift();
    }
    return c.redirect('/site-settings/', 303);
  });
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
      .replaceAll('{{EXAMPLES_ORIGIN}}', config.examplesOrigin)
      .replaceAll('{{SITE_VERIFICATION}}', tokens.map((token) => `<meta name="corkboard-site-verification" content="${escapeHtml(token)}">`).join('\n'))
      .replaceAll(
        '{{SITE_VERIFICATION_LIST}}',
        tokens.length ? tokens.map((token) => `<li><code>${escapeHtml(token)}</code></li>`).join('') : '<li>None yet.</li>',
      );
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
