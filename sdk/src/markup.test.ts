// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { popupUrl, readPinLink } from './markup';

const page = { href: 'https://blog.example/post', title: 'A post' };

function link(html: string): HTMLAnchorElement {
  document.body.innerHTML = html;
  return document.querySelector('a') as HTMLAnchorElement;
}

describe('readPinLink', () => {
  it('reads url, media and description from the href, as pinit.js does', () => {
    const a = link('<a data-pin-do="buttonPin" href="https://www.pinterest.com/pin/create/button/?url=https%3A%2F%2Fblog.example%2Fp&media=https%3A%2F%2Fblog.example%2Fa.jpg&description=Tart"></a>');
    expect(readPinLink(a, page)).toEqual({ url: 'https://blog.example/p', media: 'https://blog.example/a.jpg', description: 'Tart' });
  });

  it('lets data-pin-* attributes win, and falls back to the page', () => {
    const a = link('<a data-pin-do="buttonPin" data-pin-media="https://cdn.example/b.jpg" href="/pin/create/button/"></a>');
    expect(readPinLink(a, page)).toEqual({ url: page.href, media: 'https://cdn.example/b.jpg', description: 'A post' });
  });

  it('cuts the description to 500 characters', () => {
    const a = link(`<a data-pin-description="${'x'.repeat(600)}"></a>`);
    expect(readPinLink(a, page).description).toHaveLength(500);
  });
});

describe('popupUrl', () => {
  it('carries the request, guid and host origin as query parameters', () => {
    const url = new URL(popupUrl('http://localhost:8787', 'button', { url: 'https://a.example/?q=1&x', media: 'https://a.example/i.jpg', description: 'é & ?' }, 'g1', 'https://a.example'));
    expect(url.origin + url.pathname).toBe('http://localhost:8787/pin/create/button/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ url: 'https://a.example/?q=1&x', media: 'https://a.example/i.jpg', description: 'é & ?', guid: 'g1', origin: 'https://a.example' });
  });
});
