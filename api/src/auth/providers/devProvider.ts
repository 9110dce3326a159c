// biome-ignore-all lint/suspicious/noExplicitAny: oidc-provider's interaction and adapter contexts are untyped
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROVIDERS, redirectUri, type ProvidersConfig } from './config.js';

/**
 * A real OpenID provider (oidc-provider) on loopback, for development and tests: `npm start` in
 * development points all four providers at it, and the tests drive it like any issuer. Its login page
 * lists a few demo identities, and a form makes up any other one (so each test can be a new person).
 * Loopback only, fixed dev secrets: never a production component.
 */

export interface DemoIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  birthdate?: string;
  picture?: string;
  /** What the login page says about this identity. */
  note: string;
}

/** The company domain of the demo SSO identity; the dev setup lists it in SSO_DOMAINS. */
export const DEV_SSO_DOMAIN = 'acme.example';

export const DEMO_IDENTITIES: DemoIdentity[] = [
  {
    sub: 'nora',
    email: 'nora.newcomer@example.org',
    email_verified: true,
    given_name: 'Nora',
    family_name: 'Newcomer',
    birthdate: '1994-05-17',
    note: 'new, with email and birthday',
  },
  { sub: 'bea', email: 'bea.nobirthday@example.org', email_verified: true, given_name: 'Bea', family_name: 'Nobirthday', note: 'new, no birthday' },
  { sub: 'ned', given_name: 'Ned', family_name: 'Noemail', birthdate: '1990-01-01', note: 'new, no email' },
  {
    sub: 'dora',
    email: 'demo@corkboard.test',
    email_verified: true,
    given_name: 'Dora',
    family_name: 'Demo',
    birthdate: '1991-03-03',
    note: 'email already has a password account',
  },
  {
    sub: 'sam',
    email: `sam@${DEV_SSO_DOMAIN}`,
    email_verified: true,
    given_name: 'Sam',
    family_name: 'Company',
    birthdate: '1988-08-08',
    note: 'company SSO domain',
  },
];

/** Made-up identities from the login page's second form, by subject, for the life of the process. */
const custom = new Map<string, Omit<DemoIdentity, 'note'>>();
const identityFor = (accountId: string): Omit<DemoIdentity, 'note'> | undefined =>
  DEMO_IDENTITIES.find((identity) => identity.sub === accountId) ?? custom.get(accountId);

/** In development the provider listens on PORT + this, so parallel servers on other ports never collide. */
export const DEV_PROVIDER_PORT_OFFSET = 6;

export const devClientId = (provider: string) => `corkboard-${provider}`;
export const devClientSecret = (provider: string) => `dev-secret-${provider}-not-for-production`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 16_384) req.destroy();
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function loginPage(uid: string, client: string): string {
  const rows = DEMO_IDENTITIES.map(
    (identity) => `<li><form method="post" action="/interaction/${uid}/login"><input type="hidden" name="account" value="${escapeHtml(identity.sub)}">
<button type="submit">${escapeHtml(`${identity.given_name ?? ''} ${identity.family_name ?? ''}`.trim())}</button> <small>${escapeHtml(identity.email ?? 'no email')} · ${escapeHtml(identity.note)}</small></form></li>`,
  ).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev identity provider</title>
<style>body{font:15px system-ui;max-width:34rem;margin:2rem auto}li{margin:.4rem 0}label{display:block;margin:.3rem 0}</style></head><body>
<h1>Dev identity provider</h1><p>Signing in to <b>${escapeHtml(client)}</b>. Pick a demo identity:</p><ul>${rows}</ul>
<h2>Someone else</h2><form method="post" action="/interaction/${uid}/login">
<label>Subject <input name="sub" required></label>
<label>Email <input name="email" type="email"></label>
<label><input name="email_verified" type="checkbox" value="1" checked> Email verified</label>
<label>Given name <input name="given_name"></label>
<label>Family name <input name="family_name"></label>
<label>Birthdate <input name="birthdate" placeholder="YYYY-MM-DD"></label>
<button type="submit">Sign in as this person</button></form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form></body></html>`;
}

const avatar = (sub: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#c8553d"/><text x="48" y="62" font-size="44" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeHtml(sub.slice(0, 1).toUpperCase())}</text></svg>`;

export interface DevProvider {
  issuer: string;
  /** The four providers pointed at this issuer, as readProviders() would give them. */
  config: ProvidersConfig;
  close(): Promise<void>;
}

/** Starts the provider on 127.0.0.1:`port` (0: any free port) for relying parties at `publicOrigin`. */
export async function startDevProvider(publicOrigin: string, port = 0): Promise<DevProvider> {
  // Loaded here, not at the top: a server that runs no dev provider never loads oidc-provider (half a second of start).
  const { default: Provider, interactionPolicy } = await import('oidc-provider');
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Every authorisation asks who you are: the dev provider remembers no one between sign-ins.
  const policy = interactionPolicy.base();
  policy
    .get('login')
    .checks.add(
      new interactionPolicy.Check('dev_always', 'the dev provider asks each time', (ctx: any) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  // Consent is implied, for the loopback ('native') Google client too.
  policy.get('consent').checks.remove('native_client_prompt');

  const provider = new Provider(issuer, {
    clients: PROVIDERS.map((name) => ({
      client_id: devClientId(name),
      client_secret: devClientSecret(name),
      redirect_uris: [redirectUri(publicOrigin, name)],
      // Google also answers one-tap: an ID token alone (response_type=id_token). oidc-provider allows
      // that over plain http only for a loopback ('native') client, which this dev one is.
      ...(name === 'google'
        ? { application_type: 'native', grant_types: ['authorization_code', 'implicit'], response_types: ['code', 'id_token'] }
        : { grant_types: ['authorization_code'], response_types: ['code'] }),
    })),
    responseTypes: ['code', 'id_token'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture', 'birthdate'],
    },
    // The profile goes in the ID token as well, as the big providers do.
    conformIdTokenClaims: false,
    ttl: { AuthorizationCode: 60, AccessToken: 300, IdToken: 300, Interaction: 600, Grant: 600, Session: 600 },
    cookies: { keys: ['corkboard-dev-provider-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // Consent is implied: a dev provider has no third parties to warn about.
    async loadExistingGrant(ctx: any) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx: unknown, accountId: string) {
      const identity = identityFor(accountId);
      if (!identity) return undefined;
      return {
        accountId,
        async claims() {
          const { note: _note, ...claims } = identity as DemoIdentity;
          const name = `${identity.given_name ?? ''} ${identity.family_name ?? ''}`.trim();
          return { ...claims, ...(name ? { name } : {}), picture: identity.picture ?? `${issuer}/avatars/${encodeURIComponent(identity.sub)}.svg` };
        },
      };
    },
  });
  const callback = provider.callback();

  handler = (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      const avatarMatch = /^\/avatars\/([^/]+)\.svg$/.exec(url.pathname);
      if (avatarMatch && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'image/svg+xml', 'cross-origin-resource-policy': 'cross-origin' });
        return res.end(avatar(decodeURIComponent(avatarMatch[1]!)));
      }
      const match = /^\/interaction\/([^/]+)(\/login|\/abort)?$/.exec(url.pathname);
      if (!match) return callback(req, res);
      const details = await provider.interactionDetails(req, res);
      if (!match[2] && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(loginPage(details.uid, String(details.params.client_id ?? '')));
      }
      if (req.method !== 'POST') return res.writeHead(405).end();
      const form = await readForm(req);
      if (match[2] === '/abort') {
        return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled.' }, { mergeWithLastSubmission: false });
      }
      let accountId = form.get('account') ?? '';
      if (!accountId) {
        const text = (key: string) => form.get(key)?.trim() || undefined;
        const sub = text('sub') ?? 'someone';
        // A demo identity's subject stays the demo identity.
        if (!DEMO_IDENTITIES.some((identity) => identity.sub === sub)) {
          custom.set(sub, {
            sub,
            email: text('email'),
            email_verified: form.get('email_verified') === '1',
            given_name: text('given_name'),
            family_name: text('family_name'),
            birthdate: text('birthdate'),
          });
        }
        accountId = sub;
      }
      if (!identityFor(accountId)) return res.writeHead(400).end('Unknown identity');
      return provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(String((error as Error)?.message ?? error));
    });
  };

  const config: ProvidersConfig = {
    providers: Object.fromEntries(PROVIDERS.map((name) => [name, { issuer, clientId: devClientId(name), clientSecret: devClientSecret(name) }])),
    ssoDomains: [DEV_SSO_DOMAIN],
  };
  return { issuer, config, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
