import { Parser } from 'htmlparser2';
import { ApiError } from './errors.js';
import { safeFetch, type Resolver, type SafeResponse } from './safe-fetch.js';

/**
 * Proof that an account holds a website: the site's home page carries a meta tag with a token we gave.
 * A business's merchant claim and a person's official domain both ask for it the same way.
 */
export const SITE_META_NAME = 'corkboard-site-verification';

/** The tag to paste into the site's `<head>`. */
export const siteMetaTag = (token: string) => `<meta name="${SITE_META_NAME}" content="${token}">`;

/**
 * Whether a verification's fetch stayed on the claimed site: the same host and port, allowing the usual
 * hop between `shop.example` and `www.shop.example` (and from http to https on the default ports).
 */
export function sameSite(claimed: URL, landed: URL): boolean {
  const name = (url: URL) => url.hostname.replace(/^www\./, '');
  return name(claimed) === name(landed) && claimed.port === landed.port;
}

/** Whether the page's markup carries `<meta name="corkboard-site-verification" content="{token}">`. */
export function verificationTagFound(html: string, token: string): boolean {
  let found = false;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === 'meta' && attrs.name?.trim().toLowerCase() === SITE_META_NAME && attrs.content?.trim() === token) found = true;
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

/** Why a site's home page could not be read as proof. */
export type SiteReadFailure = { kind: 'redirected'; from: string; to: string } | { kind: 'unreadable'; detail: string };
export class SiteProofError extends Error {
  constructor(readonly failure: SiteReadFailure) {
    super(failure.kind === 'redirected' ? `${failure.from} redirects to ${failure.to}` : failure.detail);
  }
}

/**
 * The claimed site's home page, through the outbound rules (addresses checked, redirects re-checked, bytes
 * and time capped). The claim is for the site, so the tag is read on its home page: a page under it (a
 * user's page on a shared host) or a home page that redirects to another host proves nothing about the site.
 */
export async function readSiteHome(website: string, options: { allow: readonly string[]; resolve?: Resolver | undefined }): Promise<string> {
  const home = new URL('/', website);
  let res: SafeResponse;
  try {
    res = await safeFetch(home, {
      maxBytes: 512 * 1024,
      timeoutMs: 5_000,
      allow: options.allow,
      ...(options.resolve ? { resolve: options.resolve } : {}),
      accept: 'text/html',
    });
  } catch (error) {
    throw new SiteProofError({ kind: 'unreadable', detail: error instanceof ApiError ? error.message : 'it did not answer' });
  }
  const landed = new URL(res.url);
  if (!sameSite(home, landed)) throw new SiteProofError({ kind: 'redirected', from: home.host, to: landed.host });
  return res.body.toString('utf8');
}

/** The site's home page, or the claim's own error saying why it could not be read (a redirect elsewhere, or no answer). */
export async function readSiteHomeOr(
  code: ConstructorParameters<typeof ApiError>[0],
  website: string,
  options: { allow: readonly string[]; resolve?: Resolver | undefined },
): Promise<string> {
  try {
    return await readSiteHome(website, options);
  } catch (error) {
    if (!(error instanceof SiteProofError)) throw error;
    const f = error.failure;
    throw new ApiError(
      code,
      f.kind === 'redirected'
        ? `${f.from} redirects to ${f.to}: add the tag to the home page of the site you claim.`
        : `We couldn't read ${website}: ${f.detail}.`,
    );
  }
}
