import { Parser } from 'htmlparser2';

/** The meta tag a business adds to its website to claim it (the merchant id's verification). */
export const MERCHANT_META_NAME = 'corkboard-site-verification';

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
      if (name === 'meta' && attrs.name?.trim().toLowerCase() === MERCHANT_META_NAME && attrs.content?.trim() === token) found = true;
    },
  });
  parser.write(html);
  parser.end();
  return found;
}
