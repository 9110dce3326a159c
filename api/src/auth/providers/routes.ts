import { JSON_BODY, NO_LIMIT, declare, none } from '../../lib/declare.js';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../deps.js';
import type { Config } from '../../config.js';
import { withBrand } from '../../lib/rules/brand.js';
import { ApiError } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import { dirOf } from '../../lib/rules/locales.js';
import { readerLocale, wordsOf } from '../../pages/words.js';
import { action, type ResourceRegistry } from '../../lib/resources.js';
import { providersContract } from './contract.js';
import { safeNext } from '../../lib/rules/next.js';
import { clientAddress } from '../../lib/client-address.js';
import { ok } from '../../lib/envelope.js';
import { rememberAgain, rememberBrowser, requestFlags, setSessionCookie } from '../routes.js';
import type { AuthService } from '../service.js';
import { isProvider, PROVIDERS, type ProviderName } from './config.js';
import { DISABLED_BY, FLOW_MODES, FLOW_TTL_MS, ONE_TAP_PROVIDER, type ProviderService } from './service.js';
import type { CallbackOutcome, CompletePayload, ProviderMessage } from './contract.js';
import { processLog } from '../../core/log.js';
import { recordOf } from '../../lib/rules/records.js';

/** The cookie that binds a provider flow to the browser that started it (HttpOnly, SameSite=Lax, ten minutes). */
export const FLOW_COOKIE = 'cb_oauth';

/** JSON inside an inline script: nothing in it can close the script element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The headers of the provider window's pages: one nonce'd inline script, no framing, an opener kept
 * (COOP unsafe-none), and no Referer (the URL holds the code or the ID token). Returns the nonce.
 */
function popupPageHeaders(c: Context, extraCsp: string): string {
  const nonce = randomBytes(16).toString('base64');
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; script-src 'nonce-${nonce}'; ${extraCsp}style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  c.header('Cross-Origin-Opener-Policy', 'unsafe-none');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Cache-Control', 'no-store');
  c.header('X-Frame-Options', 'DENY');
  return nonce;
}

/**
 * The page the provider sends the browser back to: it posts one message to its opener, with our
 * own origin as the target (never '*'), and closes. Without an opener (a severed or closed window)
 * it says what happened; a log-in has happened on the server either way.
 */
function resultPage(c: Context, config: Pick<Config, 'publicOrigin' | 'brandName'>, message: ProviderMessage) {
  const { publicOrigin } = config;
  const nonce = popupPageHeaders(c, '');
  const locale = readerLocale(c);
  const text = message.type === 'social-connect-error' ? message.payload.message : wordsOf(locale, config.brandName)('done');
  return c.html(`<!doctype html><html lang="${locale}" dir="${dirOf(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(config.brandName)}</title></head>
<body style="font:15px system-ui;margin:2rem"><p id="status">${escapeHtml(text)}</p>
<script nonce="${nonce}">(function(){var m=${scriptJson(message)};var o=window.opener;if(o&&!o.closed){o.postMessage(m,${scriptJson(publicOrigin)});window.close();}})();</script></body></html>`);
}

/** The error as the popup shows it: the catalogue's `{brand}` filled in, as `fail` does for the API. */
const errorMessage = (error: unknown, brand: string): ProviderMessage => {
  const e = error instanceof ApiError ? error : new ApiError('internal');
  if (!(error instanceof ApiError)) processLog().error({ err: error }, 'identity provider flow failed');
  return {
    corkboard: 1,
    type: 'social-connect-error',
    payload: {
      api_error_code: e.code,
      http_status: e.status,
      message: withBrand(e.message, brand),
      ...(e.detail ? { message_detail: withBrand(e.detail, brand) } : {}),
      ...(e.data ? { data: e.data } : {}),
    },
  };
};

/**
 * One-tap's return: the issuer put the ID token in the fragment of our callback URL, which no server
 * sees. This page hands it (with the state) to our own GoogleOneTapResource, where openid-client checks
 * it, and posts the outcome to its opener like any callback page. It first drops the fragment from the
 * address bar and history.
 */
function credentialRelayPage(c: Context, config: Pick<Config, 'publicOrigin' | 'brandName'>) {
  const nonce = popupPageHeaders(c, "connect-src 'self'; ");
  const denied = errorMessage(new ApiError('social_denied'), config.brandName);
  const locale = readerLocale(c);
  const words = wordsOf(locale, config.brandName);
  return c.html(`<!doctype html><html lang="${locale}" dir="${dirOf(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(config.brandName)}</title></head>
<body style="font:15px system-ui;margin:2rem"><p id="status">${escapeHtml(words('oneMoment'))}</p>
<script nonce="${nonce}">(function(){var p=new URLSearchParams(location.hash.slice(1));history.replaceState(null,'',location.pathname);var o=window.opener;
function send(m){document.getElementById('status').textContent=m.type==='social-connect-error'?m.payload.message:${scriptJson(words('done'))};if(o&&!o.closed){o.postMessage(m,${scriptJson(config.publicOrigin)});window.close();}}
if(p.has('error')){send(${scriptJson(denied)});return;}
fetch('/resource/GoogleOneTapResource/create/',{method:'POST',credentials:'same-origin',headers:{'Content-Type':'application/json'},body:JSON.stringify({options:{credential:p.get('id_token')||'',state:p.get('state')||'',select_by:'user'}})})
.then(function(r){return r.json();}).then(function(j){var r=j.resource_response;send(r.error?{corkboard:1,type:'social-connect-error',payload:r.error}:{corkboard:1,type:'social-connect-complete',payload:r.data});})
.catch(function(){send(${scriptJson(denied)});});})();</script></body></html>`);
}

/** What a settled flow leaves in the browser: the session on a log-in, no flow cookie once it is spent. */
async function applyOutcome(c: Context, config: Config, auth: AuthService, outcome: CallbackOutcome): Promise<CompletePayload> {
  if (outcome.outcome === 'logged_in') {
    setSessionCookie(c, config, outcome.token);
    await rememberBrowser(c, config, auth, outcome.user.id);
    deleteCookie(c, FLOW_COOKIE, { path: '/', secure: config.secureCookies });
    return { outcome: 'logged_in', user: outcome.user };
  }
  if (outcome.outcome === 'linked') deleteCookie(c, FLOW_COOKIE, { path: '/', secure: config.secureCookies });
  return outcome;
}

const startQuery = z.object({
  mode: z.enum(FLOW_MODES).default('login'),
  login_hint: z.string().trim().max(254).optional(),
});

/** GET /oauth/{provider}/start/ and /oauth/{provider}/callback/: the popup's two pages. */
export function providerPageRoutes(deps: Deps, auth: AuthService, providers: ProviderService): Hono<AppEnv> {
  const { config } = deps;
  const routes = new Hono<AppEnv>();
  const providerParam = (c: Context): ProviderName => {
    const name = c.req.param('provider') ?? '';
    if (!isProvider(name)) throw new ApiError('social_not_configured');
    return name;
  };

  routes.get(
    '/:provider/start/',
    declare({ caller: 'visitor', limit: none('finishes or starts a flow of this browser (its flow cookie): bounded by API turns'), body: 0 }),
    async (c) => {
      try {
        const provider = providerParam(c);
        const query = startQuery.safeParse(c.req.query());
        if (!query.success) throw new ApiError('invalid_input');
        const { cookieToken, url } = await providers.start(provider, query.data.mode, c.get('viewer'), requestFlags(c, config), query.data.login_hint);
        setCookie(c, FLOW_COOKIE, cookieToken, { httpOnly: true, secure: config.secureCookies, sameSite: 'Lax', path: '/', maxAge: FLOW_TTL_MS / 1000 });
        c.header('Cache-Control', 'no-store');
        return c.redirect(url, 302);
      } catch (error) {
        return resultPage(c, config, errorMessage(error, config.brandName));
      }
    },
  );

  routes.get(
    '/:provider/callback/',
    declare({ caller: 'visitor', limit: none('finishes or starts a flow of this browser (its flow cookie): bounded by API turns'), body: 0 }),
    async (c) => {
      let message: ProviderMessage;
      try {
        const provider = providerParam(c);
        const query = new URL(c.req.url).search.slice(1);
        // One-tap comes back with its ID token in the fragment: nothing in the query at all.
        if (!query && provider === ONE_TAP_PROVIDER) return credentialRelayPage(c, config);
        const outcome = await providers.callback(provider, getCookie(c, FLOW_COOKIE), query, c.get('viewer'), requestFlags(c, config));
        message = { corkboard: 1, type: 'social-connect-complete', payload: await applyOutcome(c, config, auth, outcome) };
      } catch (error) {
        message = errorMessage(error, config.brandName);
      }
      return resultPage(c, config, message);
    },
  );

  return routes;
}
const ssoInfoBody = z.object({ email: z.string().trim().max(254) });

/** POST /v3/sso/info/, served as written; a bad request is the empty non-SSO answer. */
export function ssoV3Routes(providers: ProviderService, config: Pick<Config, 'trustProxy'>): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/sso/info/', declare({ caller: 'visitor', limit: 'emailCheckAddress', body: JSON_BODY }), async (c) => {
    const body = ssoInfoBody.safeParse(await c.req.json().catch(() => null));
    return ok(c, await providers.ssoInfo(body.success ? body.data.email : '', clientAddress(c, config.trustProxy)));
  });
  return routes;
}

const FACEBOOK_FIELDS = ['picture', 'id', 'first_name', 'last_name', 'email', 'gender', 'birthday'] as const;
const profileDataBody = z.object({
  // The spec's shape; the browser never holds a Facebook token here, its flow cookie proves the identity.
  access_token: z.string().max(4096).optional(),
  pii_safe_birthday: z.boolean().optional(),
  fields: z.union([z.string().max(256), z.array(z.string().max(32)).max(16)]).optional(),
});
const loginDataQuery = z.object({ facebook_id: z.string().trim().min(1).max(255), facebook_token: z.string().max(4096).optional() });

/** POST /v3/facebook/profile_data/ and GET /v3/facebook/login_data/, served as written. */
export function facebookV3Routes(providers: ProviderService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post(
    '/facebook/profile_data/',
    declare({ caller: 'visitor', limit: none('finishes or starts a flow of this browser (its flow cookie): bounded by API turns'), body: JSON_BODY }),
    async (c) => {
      const body = profileDataBody.safeParse(await c.req.json().catch(() => null));
      if (!body.success) throw new ApiError('invalid_input', body.error.issues[0]?.message);
      const profile = await providers.facebookProfile(getCookie(c, FLOW_COOKIE));
      const asked = typeof body.data.fields === 'string' ? body.data.fields.split(',').map((f) => f.trim()) : body.data.fields;
      const wanted = asked?.length ? FACEBOOK_FIELDS.filter((field) => asked.includes(field)) : FACEBOOK_FIELDS;
      return ok(c, Object.fromEntries(wanted.map((field) => [field, profile[field]])));
    },
  );
  routes.get(
    '/facebook/login_data/',
    declare({ caller: 'visitor', limit: none('finishes or starts a flow of this browser (its flow cookie): bounded by API turns'), body: 0 }),
    async (c) => {
      const query = loginDataQuery.safeParse(c.req.query());
      if (!query.success) throw new ApiError('invalid_input', query.error.issues[0]?.message);
      return ok(c, await providers.facebookLoginData(getCookie(c, FLOW_COOKIE), query.data.facebook_id));
    },
  );
  return routes;
}

export function providerResources(deps: Deps, auth: AuthService, providers: ProviderService) {
  const { config } = deps;
  return {
    SocialProvidersResource: {
      // Which buttons the auth views draw: configured providers, and whether an experiment turned one off.
      get: action({
        ...providersContract.SocialProvidersResource.get,
        caller: 'visitor',
        limit: NO_LIMIT.read,
        async run(_options, { c }) {
          const flags = requestFlags(c, config);
          const oneTap = await providers.oneTapWorks();
          return recordOf(PROVIDERS, (name): { configured: boolean; disabled: boolean; one_tap?: boolean } => {
            const flag = DISABLED_BY[name];
            // one_tap: Google's one-tap prompt can work here (its provider allows the id_token flow).
            return {
              configured: config.providers[name] !== undefined,
              disabled: Boolean(flag && flags.has(flag)),
              ...(name === 'google' ? { one_tap: oneTap } : {}),
            };
          });
        },
      }),
    },
    GoogleOneTapResource: {
      // The Google Identity credential (an ID token) and select_by, posted by the one-tap page.
      create: action({
        ...providersContract.GoogleOneTapResource.create,
        caller: 'visitor',
        limit: none('finishes a flow this browser began (its flow cookie): bounded by API turns'),
        async run(options, { c }) {
          const outcome = await providers.oneTap(getCookie(c, FLOW_COOKIE), options.credential, options.state, c.get('viewer'), requestFlags(c, config));
          return applyOutcome(c, config, auth, outcome);
        },
      }),
    },
    SocialRegisterResource: {
      // The social registration payload; the profile itself comes from the flow this browser holds.
      create: action({
        ...providersContract.SocialRegisterResource.create,
        caller: 'visitor',
        limit: none('finishes a flow this browser began (its flow cookie): bounded by API turns'),
        async run(options, { c }) {
          const { user, token, sources } = await providers.register(
            getCookie(c, FLOW_COOKIE),
            {
              provider: options.type,
              birthday: options.birthday ?? null,
              email: options.email ?? null,
              country: options.country ?? null,
              firstName: options.first_name,
              lastName: options.last_name,
              privacyConsentOptIn: options.kr_privacy_consent_opt_in,
              marketingNotifsOptOut: options.marketing_notifs_opt_out,
            },
            requestFlags(c, config),
          );
          setSessionCookie(c, config, token);
          deleteCookie(c, FLOW_COOKIE, { path: '/', secure: config.secureCookies });
          return { user, redirect: safeNext(options.next), ...sources };
        },
      }),
    },
    SocialLinkResource: {
      // After 'link_required': the password log-in just happened; the provider's identity joins the account.
      create: action({
        ...providersContract.SocialLinkResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        async run(_options, { c, viewer }) {
          const linked = await providers.linkAfterLogIn(getCookie(c, FLOW_COOKIE), viewer);
          deleteCookie(c, FLOW_COOKIE, { path: '/', secure: config.secureCookies });
          return linked;
        },
      }),
    },
    SocialIdentitiesResource: {
      get: action({
        ...providersContract.SocialIdentitiesResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: (_options, { viewer }) => providers.identities(viewer),
      }),
      // Settings: disconnect a provider.
      delete: action({
        ...providersContract.SocialIdentitiesResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        async run(options, { c, viewer }) {
          await providers.unlink(viewer, options.provider);
          await rememberAgain(c, config, auth, viewer.id);
          return providers.identities(viewer);
        },
      }),
    },
    SocialPasswordResource: {
      // An account whose only way in was a provider sets a password.
      // Its proof: a recent real log-in through the provider, and the two-factor code when it is on (wrong ones counted per account).
      create: action({
        ...providersContract.SocialPasswordResource.create,
        caller: 'user',
        limit: 'securityAccount',
        async run(options, { c, viewer }) {
          await providers.setFirstPassword(viewer, options.new_password, { code: options.code });
          await rememberAgain(c, config, auth, viewer.id);
          return { status: 'set' };
        },
      }),
    },
  } satisfies ResourceRegistry;
}
