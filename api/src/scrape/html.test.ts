import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHROME_PAGE, PAGE_URL, URL_CASES } from '../../../bookmarklet/src/url-cases.js';
import { findImagesInHtml } from './html.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('the server-side image finder on saved pages', () => {
  it('finds what the markup names, applies the shared rules and ranks marked and larger first', () => {
    const page = findImagesInHtml(fixture('article.html'), 'https://kitchen.example/tart?x=1');
    expect(page.title).toBe('Lemon tart, the easy way');
    expect(page.nopin).toBeUndefined();
    expect(page.items).toEqual([
      // Marked by the publisher and unsized: first.
      { type: 'pinnable', url: 'https://cdn.example/marked.jpg', description: "The publisher's pick" },
      // og:image with its declared size is marked and sized.
      { type: 'pinnable', url: 'https://kitchen.example/img/og-tart.jpg', width: 1200, height: 630 },
      // Then the large images in page order: the article's lead (the largest srcset entry) before the
      // larger picture further down, then the rest by area: the lazy image, the poster.
      { type: 'pinnable', url: 'https://kitchen.example/img/tart-large.jpg', width: 900, height: 1350, description: 'A lemon tart' },
      { type: 'pinnable', url: 'https://kitchen.example/img/market-1600.webp', width: 1600, height: 1200, description: 'The market' },
      { type: 'pinnable', url: 'https://kitchen.example/img/lazy-lake.jpg', width: 800, height: 600, description: 'A mountain lake' },
      { type: 'pinnable', url: 'https://kitchen.example/img/poster.jpg', width: 640, height: 360 },
      // Smaller, seen twice (once with a #fragment): once.
      { type: 'pinnable', url: 'https://kitchen.example/img/tart-small.jpg', width: 300, height: 450, description: 'Same tart again' },
      // Named by the publisher but unmarked and unsized: last.
      { type: 'pinnable', url: 'https://cdn.example/twitter-card.jpg' },
      { type: 'pinnable', url: 'https://cdn.example/image-src.jpg' },
    ]);
    // Never: the tiny logo, the 6:1 banner, SVG, data: URLs, unsized <img>, nopin images.
    const urls = page.items.map((item) => item.url).join(' ');
    for (const left of ['logo.png', 'banner.jpg', 'icon.svg', 'data:', 'no-size.jpg', 'private', 'placeholder.gif', 'market-400'])
      expect(urls).not.toContain(left);
  });

  it('gives the large images in page order (the lead image first), then the smaller ones largest first', () => {
    const page = findImagesInHtml(fixture('article.html'), 'https://kitchen.example/');
    const sized = page.items.filter((item) => item.width && item.url.includes('kitchen')).slice(1);
    expect(sized.slice(0, 2).map((item) => item.url.split('/').pop())).toEqual(['tart-large.jpg', 'market-1600.webp']);
    const areas = sized.slice(2).map((item) => item.width! * item.height!);
    expect(areas).toEqual([...areas].sort((a, b) => b - a));
  });

  it('lets only the article compete by position: the site header and sidebar go after it (CHROME_PAGE)', () => {
    const { items } = findImagesInHtml(CHROME_PAGE, PAGE_URL);
    expect(items.map((item) => item.url.split('/').pop())).toEqual(['lead.jpg', 'body.jpg', 'top.jpg', 'menu.jpg', 'teaser.jpg']);
  });

  it('sizes an <img> by its inline style, and keeps an unsized itemprop=image <img> as named', () => {
    const html = `
      <meta property="og:image" content="/og.jpg">
      <img src="/styled.jpg" style="max-width: 90%; width: 600px; height: 313px">
      <img src="/product.png" itemprop="image">
      <img src="/body.jpg">`;
    expect(findImagesInHtml(html, 'https://shop.example/').items).toEqual([
      { type: 'pinnable', url: 'https://shop.example/og.jpg' },
      { type: 'pinnable', url: 'https://shop.example/styled.jpg', width: 600, height: 313 },
      { type: 'pinnable', url: 'https://shop.example/product.png' },
    ]);
  });

  it('honours the nopin meta tag and gives its description as the reason', () => {
    expect(findImagesInHtml(fixture('nopin.html'), 'https://members.example/')).toEqual({
      title: 'Members only',
      nopin: 'Sorry, our photos are for members only.',
      items: [],
    });
  });

  it('resolves against <base href>, in upper-case markup with entities', () => {
    expect(findImagesInHtml(fixture('base-href.html'), 'https://site.example/page').items).toEqual([
      { type: 'pinnable', url: 'https://static.example/assets/photo.jpg', width: 600, height: 400, description: 'Based & relative' },
    ]);
  });

  it('gives a <video>’s poster the video it covers, from src or the first video <source>', () => {
    const html = `
      <video poster="/a.jpg" src="/a.mp4" width="640" height="360"></video>
      <video poster="/b.jpg" width="640" height="360"><source src="/b.vtt" type="text/vtt"><source src="/b.webm" type="video/webm"><source src="/b.mp4"></video>
      <video poster="/c.jpg" width="640" height="360"></video>
      <source src="/stray.mp4">
      <video poster="/d.jpg" src="javascript:alert(1)" width="640" height="360"></video>
      <video nopin poster="/e.jpg" src="/e.mp4" width="640" height="360"></video>`;
    expect(findImagesInHtml(html, 'https://v.example/page').items).toEqual([
      { type: 'pinnable', url: 'https://v.example/a.jpg', width: 640, height: 360, video: 'https://v.example/a.mp4' },
      { type: 'pinnable', url: 'https://v.example/b.jpg', width: 640, height: 360, video: 'https://v.example/b.webm' },
      { type: 'pinnable', url: 'https://v.example/c.jpg', width: 640, height: 360 },
      { type: 'pinnable', url: 'https://v.example/d.jpg', width: 640, height: 360 },
    ]);
  });

  it('makes the og:image the cover of an og:video that is a video file, not of an embed player', () => {
    const page = (metas: string) => findImagesInHtml(`<head>${metas}</head>`, 'https://v.example/page').items;
    expect(page('<meta property="og:image" content="/cover.jpg"><meta property="og:video" content="/clip.mp4">')).toEqual([
      { type: 'pinnable', url: 'https://v.example/cover.jpg', video: 'https://v.example/clip.mp4' },
    ]);
    expect(
      page(
        '<meta property="og:video:url" content="https://cdn.example/stream?id=1"><meta property="og:video:type" content="video/mp4"><meta property="og:image" content="/cover.jpg">',
      ),
    ).toEqual([{ type: 'pinnable', url: 'https://v.example/cover.jpg', video: 'https://cdn.example/stream?id=1' }]);
    expect(
      page(
        '<meta property="og:image" content="/cover.jpg"><meta property="og:video" content="https://player.example/embed/1"><meta property="og:video:type" content="text/html">',
      ),
    ).toEqual([{ type: 'pinnable', url: 'https://v.example/cover.jpg' }]);
    expect(page('<meta property="og:image" content="/cover.jpg"><meta property="og:video" content="https://player.example/embed/1">')).toEqual([
      { type: 'pinnable', url: 'https://v.example/cover.jpg' },
    ]);
    // No og:image: no cover, so nothing to pin.
    expect(page('<meta property="og:video" content="/clip.mp4">')).toEqual([]);
  });

  it('finds nothing in a page without images', () => {
    expect(findImagesInHtml('<p>Just words', 'https://a.example/')).toEqual({ title: '', items: [] });
  });
});

describe('the server finder resolves addresses as the in-page finder does (bookmarklet/src/url-cases.ts)', () => {
  for (const { name, html, picture } of URL_CASES) {
    it(`gives ${name} as the page's first image`, () => {
      expect(findImagesInHtml(html, PAGE_URL).items[0]?.url).toBe(picture);
    });
  }

  it('puts the first declared picture first when the page has no og:image: twitter:image, then JSON-LD, then itemprop', () => {
    const first = (html: string) => findImagesInHtml(html, PAGE_URL).items[0]?.url;
    const body = '<body><img src="/big.jpg" width="1600" height="1200"></body>';
    expect(first(`<head><meta name="twitter:image" content="/t.jpg"></head>${body}`)).toBe('https://news.example/t.jpg');
    expect(first(`<head><script type="application/ld+json">{"@type":"Recipe","image":"/r.jpg"}</script></head>${body}`)).toBe('https://news.example/r.jpg');
    expect(first(`<head><meta itemprop="image" content="/i.jpg"></head>${body}`)).toBe('https://news.example/i.jpg');
  });

  it('ranks a site logo named as og:image, ads and avatars after the content', () => {
    const page = findImagesInHtml(
      `<head><meta property="og:image" content="/themes/site/images/logo.gif"></head><body>
       <img src="https://ads.example/ad/news;sz=300x250;ord=1" width="300" height="250">
       <img src="https://www.gravatar.example/avatar/0a1b2c?s=200" width="200" height="200">
       <img src="/uploads/2024/05/story.jpg" width="240" height="180"></body>`,
      PAGE_URL,
    );
    expect(page.items.map((i) => i.url)).toEqual([
      'https://news.example/uploads/2024/05/story.jpg',
      'https://ads.example/ad/news;sz=300x250;ord=1',
      'https://www.gravatar.example/avatar/0a1b2c?s=200',
      'https://news.example/themes/site/images/logo.gif',
    ]);
  });

  it('sizes an <img> without attributes by the size its address states, and offers unsized body images only when nothing else is found', () => {
    expect(
      findImagesInHtml('<img src="/photo-1024x683.jpg"><img src="/thumb-150x150.jpg" width="150" height="150">', PAGE_URL).items.map((i) => i.url),
    ).toEqual(['https://news.example/photo-1024x683.jpg', 'https://news.example/thumb-150x150.jpg']);
    expect(
      findImagesInHtml('<img src="/icons/logo.png"><div><img src="/aside.jpg"></div><article><img src="/lead.jpg"></article>', PAGE_URL).items.map(
        (i) => i.url,
      ),
    ).toEqual(['https://news.example/lead.jpg', 'https://news.example/aside.jpg']);
  });
});

describe('the server finder when the page declares nothing and sizes little', () => {
  // h30: Books-A-Million's product pages (realpages tuning split) gave the header's facebook.png first.
  it("offers a shop's product picture before the header's follow and account buttons", () => {
    const page = findImagesInHtml(
      `<div id="social"><a href="https://www.facebook.com/shop"><img src="/images/header/holidays/facebook.png"></a>
       <a href="https://twitter.com/shop"><img src="/images/header/holidays/twitter.png"></a></div>
       <a href="/account"><img src="/images/header/btns/my_account.png" alt="Your Account"></a>
       <div class="innerbox"><img src="/covers/bam/0/31/612/558/031612558X_l.gif" width="150" alt=""></div>`,
      PAGE_URL,
    );
    expect(page.items[0]?.url).toBe('https://news.example/covers/bam/0/31/612/558/031612558X_l.gif');
  });
});

describe('the server finder when the page declares only furniture', () => {
  it('offers the article’s unsized image before a theme logo named as og:image', () => {
    const page = findImagesInHtml(
      '<head><meta property="og:image" content="/themes/site/logo.gif"></head><body><img src="/icons/btn_share.png"><article><img src="/photos/kat.jpg"></article></body>',
      PAGE_URL,
    );
    expect(page.items.map((i) => i.url)).toEqual(['https://news.example/photos/kat.jpg', 'https://news.example/themes/site/logo.gif']);
  });
});
