import * as oidc from 'openid-client';
import { ApiError } from '../../lib/errors.js';
import { redirectUri, type ProviderName, type ProviderSetting, type ProvidersConfig } from './config.js';
import { processLog } from '../../core/log.js';

/**
 * The relying party's protocol steps, all through openid-client: discovery, the authorisation URL
 * (code flow with PKCE S256, state and nonce), and the code exchange that checks state, PKCE, the
 * issuer, the nonce and the ID token's signature against the issuer's published keys. Nothing here
 * is hand-written protocol.
 */

/** What the relying party keeps of a sign-in: the claims, never the provider's tokens. */
export interface ProviderProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  picture: string | null;
  /** OIDC `birthdate`: YYYY-MM-DD, or a year alone (0000-MM-DD or YYYY), as the provider gives it. */
  birthdate: string | null;
}

export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const SCOPE = 'openid email profile';
const TIMEOUT_S = 10;

const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The claims the relying party keeps, from an ID token (and userinfo). */
const profileOf = (claims: Record<string, unknown>): ProviderProfile => ({
  sub: String(claims.sub),
  email: str(claims.email)?.toLowerCase() ?? null,
  emailVerified: claims.email_verified === true || claims.email_verified === 'true',
  givenName: str(claims.given_name),
  familyName: str(claims.family_name),
  picture: str(claims.picture),
  birthdate: str(claims.birthdate),
});

/** Discovery once per provider and process; a failure is retried on the next use, not cached. */
export function providerClients(settings: ProvidersConfig['providers'], publicOrigin: string) {
  /** Keyed by provider, and by `{provider}:id_token` for the one-tap configuration (response_type=id_token). */
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  const discover = (setting: ProviderSetting) => {
    const url = new URL(setting.issuer);
    // Plain http only for an issuer on this machine (the dev provider); anything else must be https.
    const execute = url.protocol === 'http:' && LOOPBACK.has(url.hostname) ? [oidc.allowInsecureRequests] : [];
    return oidc.discovery(url, setting.clientId, { client_secret: setting.clientSecret }, oidc.ClientSecretBasic(setting.clientSecret), {
      execute,
      timeout: TIMEOUT_S,
    });
  };

  const configuration = async (name: ProviderName, idTokenResponse = false) => {
    const setting = settings[name];
    if (!setting) throw new ApiError('social_not_configured');
    const key = idTokenResponse ? `${name}:id_token` : name;
    let pending = discovered.get(key);
    if (!pending) {
      pending = discover(setting).then((config) => {
        // openid-client marks a configuration for one response type; one-tap's is its own.
        if (idTokenResponse) oidc.useIdTokenResponseType(config);
        return config;
      });
      discovered.set(key, pending);
      pending.catch(() => discovered.delete(key));
    }
    try {
      return await pending;
    } catch (error) {
      processLog().warn({ err: error, provider: name, issuer: setting.issuer }, 'identity provider discovery failed');
      throw new ApiError('social_unavailable');
    }
  };

  return {
    configured: (name: ProviderName) => settings[name] !== undefined,

    /** Reads every configured issuer's discovery document now (server start), so a typo shows at once. */
    async warm() {
      const names = Object.keys(settings) as ProviderName[];
      const results = await Promise.allSettled(names.map((name) => configuration(name)));
      return names.filter((_, i) => results[i]!.status === 'rejected');
    },

    newSecrets(): FlowSecrets {
      return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    },

    /** Where the popup goes: the issuer's authorisation endpoint with our redirect URI and this flow's secrets. */
    async authorizationUrl(name: ProviderName, secrets: FlowSecrets, hints: { loginHint?: string } = {}) {
      const config = await configuration(name);
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri(publicOrigin, name),
        scope: SCOPE,
        state: secrets.state,
        nonce: secrets.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: 'S256',
      };
      if (hints.loginHint) parameters.login_hint = hints.loginHint;
      return oidc.buildAuthorizationUrl(config, parameters).href;
    },

    /**
     * One-tap (Google's credential): the issuer is asked for an ID token
     * alone (response_type=id_token, returned in the fragment of our callback URL), with this flow's
     * state and nonce. No code and no access token exist in this flow.
     */
    /**
     * Whether one tap can work with this provider: its discovery document lists the bare
     * `id_token` response type. A provider that allows only the code flow gets the redirect flow instead.
     */
    async allowsIdToken(name: ProviderName): Promise<boolean> {
      if (!settings[name]) return false;
      try {
        const types = (await configuration(name)).serverMetadata().response_types_supported;
        return Array.isArray(types) && types.includes('id_token');
      } catch {
        return false;
      }
    },

    async credentialUrl(name: ProviderName, secrets: FlowSecrets) {
      const config = await configuration(name, true);
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(publicOrigin, name),
        scope: SCOPE,
        response_type: 'id_token',
        response_mode: 'fragment',
        state: secrets.state,
        nonce: secrets.nonce,
      }).href;
    },

    /**
     * The one-tap credential posted back: openid-client checks the state, the ID token's signature
     * against the issuer's published keys, its issuer, audience, expiry and the nonce of this flow.
     */
    async verifyCredential(name: ProviderName, credential: string, state: string, secrets: Pick<FlowSecrets, 'state' | 'nonce'>): Promise<ProviderProfile> {
      const config = await configuration(name, true);
      const current = new URL(redirectUri(publicOrigin, name));
      current.hash = new URLSearchParams({ id_token: credential, state }).toString();
      try {
        return profileOf(await oidc.implicitAuthentication(config, current, secrets.nonce, { expectedState: secrets.state }));
      } catch (error) {
        throw new ApiError('social_flow_invalid', (error as Error).message);
      }
    },

    /**
     * The callback: exchanges the code (state, PKCE, iss and nonce checked by openid-client), reads
     * the ID token's claims and the userinfo, and lets the access token go with the request.
     */
    async finish(name: ProviderName, query: string, secrets: FlowSecrets): Promise<ProviderProfile> {
      const config = await configuration(name);
      const current = new URL(`${redirectUri(publicOrigin, name)}?${query}`);
      let claims: Record<string, unknown>;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: secrets.codeVerifier,
          expectedState: secrets.state,
          expectedNonce: secrets.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new ApiError('social_flow_invalid');
        claims = { ...idClaims };
        if (config.serverMetadata().userinfo_endpoint) {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
          // The ID token's claims win: they are signed; userinfo fills what it left out.
          claims = { ...info, ...claims };
        }
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (error instanceof oidc.AuthorizationResponseError) {
          throw new ApiError(error.error === 'access_denied' ? 'social_denied' : 'social_flow_invalid', error.error_description ?? error.error);
        }
        // A tampered state, nonce, code or token: refused, with openid-client's reason in the detail.
        throw new ApiError('social_flow_invalid', (error as Error).message);
      }
      return profileOf(claims);
    },
  };
}

export type ProviderClients = ReturnType<typeof providerClients>;
