import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let domains: ReadonlySet<string> | undefined;

/**
 * The maintained disposable-domain list (npm disposable-email-domains, about 120,000 entries, plus
 * its wildcard list), read once on first use. Server only: far too large for the popup, which asks
 * GET /v3/email/validation/ instead.
 */
export function disposableDomains(): ReadonlySet<string> {
  domains ??= new Set([...(require('disposable-email-domains') as string[]), ...(require('disposable-email-domains/wildcard.json') as string[])]);
  return domains;
}
