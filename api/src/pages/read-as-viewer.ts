import type { Context, Hono } from 'hono';

/** What a page's own read carries of the page's request: who is asking (session, address behind a trusted proxy) and in what language. */
const CARRIED = ['cookie', 'accept-language', 'x-forwarded-for', 'user-agent'] as const;

/**
 * One API read made while a page is written, as the page's viewer would make it from the browser: through the
 * whole app (its guards, limits and turns), with the viewer's cookie and the socket's address, so the page can
 * never show what the viewer's own read would not. The answer's data, or undefined for any refusal.
 */
export async function readAsViewer(app: Pick<Hono, 'fetch'>, c: Context, path: string): Promise<unknown> {
  const headers = new Headers({ accept: 'application/json' });
  for (const name of CARRIED) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  // The socket under `server` (lib/client-address.ts reads it there): the per-client limits count the read
  // as this client's, while the body steps, which look for `incoming`, see a request without a body.
  const res = await app.fetch(new Request(new URL(path, c.req.url), { headers }), { server: c.env });
  if (!res.ok) {
    await res.body?.cancel();
    return undefined;
  }
  const body = (await res.json()) as { resource_response?: { data?: unknown } };
  return body.resource_response?.data;
}
