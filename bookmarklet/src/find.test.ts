// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { collect, type Found } from './find';
import { CHROME_PAGE, PAGE_URL, URL_CASES } from './url-cases';

// happy-dom has no document.images; the browser's is this live collection.
if (!document.images) Object.defineProperty(document, 'images', { configurable: true, get: () => document.getElementsByTagName('img') });

function load(html: string) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(PAGE_URL);
  document.documentElement.innerHTML = html.replace(/<\/?body>/g, '');
  if (/<body>/.test(html)) document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
}

const items = (): Found[] => {
  const finding = collect(document);
  return 'items' in finding ? finding.items : [];
};

describe('the in-page finder resolves addresses as the server does (url-cases.ts)', () => {
  for (const { name, html, picture } of URL_CASES) {
    it(name, () => {
      load(html);
      expect(items().map((f) => f.url)).toContain(picture);
    });
  }

  it("tells the site's chrome (site header, navigation, sidebar) from the article, whose own <header> is content", () => {
    load(CHROME_PAGE);
    const chrome = Object.fromEntries(items().map((f) => [f.url.split('/').pop(), !!f.chrome]));
    expect(chrome).toEqual({ 'top.jpg': true, 'menu.jpg': true, 'lead.jpg': false, 'body.jpg': false, 'teaser.jpg': true });
  });

  it('marks the page’s declared picture when the page marks none: twitter:image, then JSON-LD, then itemprop', () => {
    load('<head><meta name="twitter:image" content="/t.jpg"><link rel="image_src" href="/s.jpg"></head><body></body>');
    expect(
      items()
        .filter((f) => f.marked)
        .map((f) => f.url),
    ).toEqual(['https://news.example/t.jpg']);
    load('<head><script type="application/ld+json">{"@type":"Recipe","image":"/r.jpg"}</script></head><body><img itemprop="image" src="/i.jpg"></body>');
    expect(
      items()
        .filter((f) => f.marked)
        .map((f) => f.url),
    ).toEqual(['https://news.example/r.jpg']);
    load('<body><img itemprop="image" src="/i.jpg"><img src="/other.jpg"></body>');
    expect(
      items()
        .filter((f) => f.marked)
        .map((f) => f.url),
    ).toEqual(['https://news.example/i.jpg']);
  });

  it('does not mark a logo declared as the page image, and keeps an og:image the page marked', () => {
    load('<head><meta property="og:image" content="/themes/site/logo.png"></head><body></body>');
    expect(items().find((f) => f.url === 'https://news.example/themes/site/logo.png')?.marked).toBe(true);
    load(
      '<head><meta name="twitter:image" content="/themes/site/logo.png"><script type="application/ld+json">{"image":"/2024/05/story.jpg"}</script></head><body></body>',
    );
    expect(
      items()
        .filter((f) => f.marked)
        .map((f) => f.url),
    ).toEqual(['https://news.example/2024/05/story.jpg']);
  });
});
