/**
 * Profile settings' rules (issue 27), shared by the API and the settings page: pure.
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
  'resource', 'v3', 'vx', 'ads', 'media', 'js', 'css', 'img', 'dev', 'health', 'oauth', 'advertiser', 'business', 'offsite',
  'settings', 'search', 'login', 'signup', 'add_account', 'password', 'email', 'pin', 'board', 'billing', 'bookmarklet',
  'contact', 'reporting', 'automated', 'help', 'about', 'admin', 'api', 'www', 'metrics', 'ready', 'static', 'connect',
  // The embeds' and oEmbed's first segments (embeds/oembed.ts).
  'embed', 'oembed',
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
