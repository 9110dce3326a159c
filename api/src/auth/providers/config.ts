import { z } from 'zod';
import { PROVIDERS, type ProviderName } from './contract.js';

export { PROVIDERS, type ProviderName };

/**
 * Identity providers as configuration. Each is an OpenID Connect issuer read through
 * discovery; the product is a relying party registered with the redirect URI
 * `{PUBLIC_ORIGIN}/oauth/{provider}/callback/`. A provider with no issuer is not configured and shows no button.
 */
export interface ProviderSetting {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface ProvidersConfig {
  providers: Partial<Record<ProviderName, ProviderSetting>>;
  /** Email domains that sign in through the company provider (SSO_DOMAINS). */
  ssoDomains: string[];
}

export const isProvider = (value: string): value is ProviderName => (PROVIDERS as readonly string[]).includes(value);

const PREFIX: Record<ProviderName, string> = { sso: 'SSO', google: 'GOOGLE', facebook: 'FACEBOOK', line: 'LINE' };

const issuer = z
  .string()
  .url()
  .refine((value) => /^https?:$/.test(new URL(value).protocol), 'Must be an http(s) URL.');

/** Reads SSO_ / GOOGLE_ / FACEBOOK_ / LINE_ ISSUER, CLIENT_ID, CLIENT_SECRET and SSO_DOMAINS. */
export function readProviders(env: Record<string, string | undefined>): ProvidersConfig {
  const providers: ProvidersConfig['providers'] = {};
  for (const name of PROVIDERS) {
    const p = PREFIX[name];
    const value = env[`${p}_ISSUER`];
    if (!value) continue;
    const parsed = issuer.safeParse(value);
    if (!parsed.success) throw new Error(`Invalid configuration: ${p}_ISSUER: ${parsed.error.issues[0]?.message}`);
    const clientId = env[`${p}_CLIENT_ID`];
    if (!clientId) throw new Error(`Invalid configuration: ${p}_CLIENT_ID is required when ${p}_ISSUER is set.`);
    providers[name] = { issuer: parsed.data, clientId, clientSecret: env[`${p}_CLIENT_SECRET`] ?? '' };
  }
  const ssoDomains = (env.SSO_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  return { providers, ssoDomains };
}

export const redirectUri = (publicOrigin: string, provider: ProviderName) => `${publicOrigin}/oauth/${provider}/callback/`;
