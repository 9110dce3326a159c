/** What a Save link asks to save: its href's query, overridden by data-pin-* attributes. */
export interface PinRequest {
  url: string;
  media: string;
  description: string;
}

export const DESCRIPTION_MAX = 500;

export function readPinLink(link: HTMLAnchorElement, page: { href: string; title: string }): PinRequest {
  let query = new URLSearchParams();
  try {
    query = new URL(link.getAttribute('href') ?? '', page.href).searchParams;
  } catch {
    // An unparsable href still leaves the data-pin-* attributes and the page itself.
  }
  const pick = (name: string) => link.getAttribute(`data-pin-${name}`) ?? query.get(name) ?? '';
  return {
    url: pick('url') || page.href,
    media: pick('media'),
    description: (pick('description') || page.title).slice(0, DESCRIPTION_MAX),
  };
}

/** The popup URL for a request; the host's origin goes along so the popup can answer it exactly. */
export function popupUrl(productOrigin: string, method: string, request: PinRequest, guid: string, hostOrigin: string): string {
  const query = new URLSearchParams({ ...request, guid, origin: hostOrigin });
  return `${productOrigin}/pin/create/${method}/?${query}`;
}
