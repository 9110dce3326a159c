/**
 * Profile settings' rules, shared by the API and the settings page: pure.
 * Usernames follow sign-up's (the profile address /{username}/, App.tsx and pages/routes.ts): 3 to 30
 * lower-case letters, digits and underscores, and never a first path segment the product uses itself.
 */
export const USERNAME = /^[a-z0-9_]{3,30}$/;

/**
 * Words never a username beside the route table's own first segments (the server adds those, read from
 * the table itself: lib/own-paths.ts): names of things we may serve or people may take for us. The
 * settings page checks with this list before it asks the server.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'resource',
  'v3',
  'vx',
  'ads',
  'media',
  'js',
  'css',
  'img',
  'dev',
  'health',
  'oauth',
  'advertiser',
  'business',
  'offsite',
  'settings',
  'search',
  'login',
  'signup',
  'add_account',
  'password',
  'email',
  'pin',
  'board',
  'billing',
  'bookmarklet',
  'contact',
  'reporting',
  'automated',
  'help',
  'about',
  'admin',
  'api',
  'www',
  'metrics',
  'ready',
  'static',
  'connect',
  // The embeds' and oEmbed's first segments (embeds/oembed.ts).
  'embed',
  'oembed',
]);

/** What a refused username that is one of our own addresses is told. */
export const RESERVED_USERNAME_DETAIL = 'That username is one of our own addresses. Try another one.';

export const NAME_MAX = 50;
export const ABOUT_MAX = 500;
export const WEBSITE_MAX = 2000;

/**
 * The problem with a username, or null: what the settings page says before it asks the server, and
 * what the server asks with `ownPaths`, the route table's first segments, everywhere a username is
 * chosen or made (sign-up, provider sign-ups, the settings).
 */
export function usernameProblem(username: string, ownPaths: ReadonlySet<string> = new Set()): 'invalid' | 'reserved' | null {
  if (!USERNAME.test(username)) return 'invalid';
  return RESERVED_USERNAMES.has(username) || ownPaths.has(username) ? 'reserved' : null;
}

/** A website as it is stored: http(s) only, or null when the field is empty; undefined when it is not a website. */
export function normaliseWebsite(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.') || url.username || url.password) return undefined;
    return url.toString();
  } catch {
    return undefined;
  }
}

/**
 * A site as an official account holds it and as a link is matched to it: the host without `www.`, lower-case,
 * with its port when it is not the scheme's default (a proof read on one port says nothing of another).
 */
export function siteDomain(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host.replace(/^www\./, '').toLowerCase() || null;
  } catch {
    return null;
  }
}

/**
 * What a proof of a domain does, given what the site's home page shows. One domain has one official account:
 * - the claimant's tag is missing: nothing (the claim fails);
 * - nobody holds the domain, or the claimant already does: the claimant holds it;
 * - another account holds it and its own tag is still on the site: the site vouches for both, so the
 *   holder keeps it (un-claiming there, or taking that tag down, lets the claimant in);
 * - another account holds it and its tag is gone: the site now vouches only for the claimant, who takes it
 *   over (a domain that changed hands follows its current owner).
 */
export function domainProofOutcome(input: {
  claimantTagFound: boolean;
  holder: null | { isClaimant: boolean; holderTagFound: boolean };
}): 'not_proved' | 'proved' | 'held_elsewhere' | 'taken_over' {
  if (!input.claimantTagFound) return 'not_proved';
  if (!input.holder || input.holder.isClaimant) return 'proved';
  return input.holder.holderTagFound ? 'held_elsewhere' : 'taken_over';
}
