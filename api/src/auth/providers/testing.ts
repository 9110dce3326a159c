import type { DemoIdentity } from './devProvider.js';

/**
 * What a browser does at the dev provider, done with fetch for API tests: follow the authorisation
 * URL to the login page (keeping the provider's cookies), pick an identity, and follow the redirects
 * until the provider sends the browser back to our callback. Returns that callback URL.
 */
export async function signInAtProvider(authorizationUrl: string, who: string | Omit<DemoIdentity, 'note'>, options: { cancel?: boolean } = {}): Promise<URL> {
  const jar = new Map<string, string>();
  const issuer = new URL(authorizationUrl).origin;
  const go = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar.values()].join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      jar.set(pair.split('=')[0]!, pair);
    }
    return response;
  };
  const follow = async (start: Response): Promise<Response | URL> => {
    let response = start;
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get('location');
      if (!location) return response;
      const next = new URL(location, issuer);
      if (next.origin !== issuer) return next;
      response = await go(next.href);
    }
    throw new Error('too many redirects');
  };
  const page = await follow(await go(authorizationUrl));
  if (page instanceof URL) return page;
  const action = /action="(\/interaction\/[^/"]+)\/login"/.exec(await page.text())?.[1];
  if (!action) throw new Error(`no login form at the provider (status ${page.status})`);
  const form = new URLSearchParams();
  if (typeof who === 'string') form.set('account', who);
  else {
    for (const [key, value] of Object.entries(who)) if (value !== undefined && key !== 'email_verified') form.set(key, String(value));
    if (who.email_verified) form.set('email_verified', '1');
  }
  const submitted = await go(`${issuer}${action}/${options.cancel ? 'abort' : 'login'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const end = await follow(submitted);
  if (end instanceof URL) return end;
  throw new Error(`the provider did not send us back (status ${end.status}: ${(await end.text()).slice(0, 200)})`);
}
