import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isFurniture, isPinnable, LEAD_SHARE, rank, rankBySize, type Candidate } from './images';

describe('image rules', () => {
  it('keeps http(s) images larger than 119 by 119 and no wider than 3:1', () => {
    expect(isPinnable({ url: 'https://a.example/a.jpg', width: 120, height: 120 })).toBe(true);
    expect(isPinnable({ url: 'https://a.example/a.jpg', width: 119, height: 500 })).toBe(false);
    expect(isPinnable({ url: 'https://a.example/a.jpg', width: 900, height: 300 })).toBe(true);
    expect(isPinnable({ url: 'https://a.example/a.jpg', width: 901, height: 300 })).toBe(false);
    expect(isPinnable({ url: 'https://a.example/logo.svg', width: 500, height: 500 })).toBe(false);
    expect(isPinnable({ url: 'https://a.example/logo.svg?v=2', width: 500, height: 500 })).toBe(false);
    expect(isPinnable({ url: 'data:image/png;base64,AAAA', width: 500, height: 500 })).toBe(false);
  });

  it('ranks publisher-marked images first, then larger first', () => {
    const ranked = rank([
      { url: 'https://a.example/small.jpg', width: 200, height: 200 },
      { url: 'https://a.example/big.jpg', width: 1000, height: 800 },
      { url: 'https://a.example/marked.jpg', width: 300, height: 300, marked: true },
      { url: 'https://a.example/tiny.jpg', width: 50, height: 50 },
    ]);
    expect(ranked.map((c) => c.url)).toEqual(['https://a.example/marked.jpg', 'https://a.example/big.jpg', 'https://a.example/small.jpg']);
  });

  it('offers the first large image before a larger one further down, and smaller ones by size', () => {
    const ranked = rank([
      { url: 'https://a.example/top.jpg', width: 300, height: 200 },
      { url: 'https://a.example/lead.jpg', width: 550, height: 614 },
      { url: 'https://a.example/later.jpg', width: 550, height: 680 },
      { url: 'https://a.example/ad.jpg', width: 400, height: 300 },
      { url: 'https://a.example/theme/logo.png', width: 900, height: 900 },
    ]);
    expect(ranked.map((c) => c.url.split('/').pop())).toEqual(['lead.jpg', 'later.jpg', 'ad.jpg', 'top.jpg', 'logo.png']);
  });

  it("lets only content compete by position: the site's chrome (a large theme header first in the page) goes after it", () => {
    const ranked = rank([
      { url: 'https://a.example/uploads/masthead-photo.jpg', width: 960, height: 400, chrome: true },
      { url: 'https://a.example/2019/07/lead.jpg', width: 500, height: 373 },
      { url: 'https://a.example/2019/07/sidebar-teaser.jpg', width: 400, height: 300, chrome: true },
      { url: 'https://a.example/2019/07/second.jpg', width: 300, height: 200 },
    ]);
    expect(ranked.map((c) => c.url.split('/').pop())).toEqual(['lead.jpg', 'second.jpg', 'masthead-photo.jpg', 'sidebar-teaser.jpg']);
  });

  it("names the site's chrome by tag, role and id/class words; a header only outside the article, never <body>", async () => {
    const { chromeKind } = await import('./images');
    expect(chromeKind('nav', {})).toBe('chrome');
    expect(chromeKind('div', { role: 'complementary' })).toBe('chrome');
    expect(chromeKind('div', { id: 'sidebar-right' })).toBe('chrome');
    expect(chromeKind('ul', { class: 'main-menu items' })).toBe('chrome');
    expect(chromeKind('div', { id: 'header' })).toBe('header');
    expect(chromeKind('header', {})).toBe('header');
    expect(chromeKind('body', { class: 'has-sidebar header-fixed' })).toBe(null);
    expect(chromeKind('figure', { class: 'wp-block-image' })).toBe(null);
  });

  it('counts counters, beacons and lazy placeholders as furniture', async () => {
    const { isFurniture } = await import('./images');
    for (const url of [
      'https://a.example/piwik/piwik.php?idsite=1',
      'https://b.example/cgi-bin/m?ci=bbc',
      'https://c.example/b/ss/suite/1/H.22.1--NS/0',
      'https://ads.example/www/delivery/avw.php?zoneid=102',
      'https://a.example/images/iconos/preload.gif',
      'https://a.example/wp-content/themes/quick/images/header.gif',
      'https://a.example/w/Special:CentralAutoLogin/start?type=1x1',
      'https://px.example/collect/?pid=6488140&fmt=gif',
      'https://a.example/assets/logo_white-8bf7615eb575eeb114fc65323068e1e4.png',
    ]) {
      expect(isFurniture(url), url).toBe(true);
    }
    for (const url of [
      'https://a.example/files/2019/07/nightly-blog-header.jpg',
      'https://a.example/delivery/photo.jpg',
      'https://i1.example/avatars-000137863509-h9h7dr-t500x500.jpg',
    ]) {
      expect(isFurniture(url), url).toBe(false);
    }
  });

  it('counts share, print and PDF buttons and the files of a theme logo folder as furniture', async () => {
    const { isFurniture } = await import('./images');
    for (const url of [
      'https://a.example/images/ico_facebook.gif',
      'https://a.example/Images/printer.png',
      'https://a.example/images/pdf07.gif',
      'https://a.example/pic/contentlogo/4224.gif',
    ]) {
      expect(isFurniture(url), url).toBe(true);
    }
    for (const url of [
      'https://a.example/images/food/Fruit_Skewers.jpg',
      'https://a.example/uploads/2014/12/550_feat_mash.jpg',
      'https://a.example/2019/05/logos/launch.jpg',
    ]) {
      expect(isFurniture(url), url).toBe(false);
    }
  });

  // h30: a bookshop's header follow buttons and account buttons came before the book's cover (realpages tuning split).
  it("counts a theme's social follow buttons and the files of a buttons folder as furniture, not a story's upload named for the network", async () => {
    const { isFurniture } = await import('./images');
    for (const url of [
      'https://a.example/images/header/holidays/facebook.png',
      'https://a.example/img/twitter.png',
      'https://a.example/images/pinterest-32.gif',
      'https://a.example/images/header/btns/sign_in.png',
      'https://a.example/static/buttons/cart.gif',
    ]) {
      expect(isFurniture(url), url).toBe(true);
    }
    for (const url of [
      'https://a.example/uploads/2018/04/facebook-hearing.jpg',
      'https://a.example/covers/bam/0/31/612/558/031612558X_l.gif',
      'https://a.example/images/twitterrific-review.jpg',
      'https://cdn.example/twitter-card.jpg',
    ]) {
      expect(isFurniture(url), url).toBe(false);
    }
  });
});

describe('shared helpers', () => {
  it('normalises URLs for deduplication: absolute, no fragment, http(s) only', async () => {
    const { normaliseUrl } = await import('./images');
    expect(normaliseUrl('/a.jpg#x', 'https://site.example/dir/page')).toBe('https://site.example/a.jpg');
    expect(normaliseUrl('b.jpg', 'https://site.example/dir/page')).toBe('https://site.example/dir/b.jpg');
    expect(normaliseUrl('HTTPS://Site.Example:443/a.jpg', 'https://x.example/')).toBe('https://site.example/a.jpg');
    expect(normaliseUrl('https://site.example/a b.jpg', 'https://x.example/')).toBe('https://site.example/a%20b.jpg');
    expect(normaliseUrl('https://site.example/a.jpg', 'https://x.example/')).toBe('https://site.example/a.jpg');
    expect(normaliseUrl('https://site.example/logo.svg', 'https://x.example/')).toBeNull();
    expect(normaliseUrl('data:image/png;base64,AAAA', 'https://x.example/')).toBeNull();
    expect(normaliseUrl('javascript:alert(1)', 'https://x.example/')).toBeNull();
    expect(normaliseUrl('http://[bad', 'https://x.example/')).toBeNull();
  });

  it('picks the largest srcset entry by width, else by density', async () => {
    const { largestSrcset } = await import('./images');
    expect(largestSrcset('a.jpg 300w, b.jpg 900w, c.jpg 600w')).toEqual({ url: 'b.jpg', width: 900 });
    expect(largestSrcset('a.jpg 1x,b.jpg 2x')).toEqual({ url: 'b.jpg', width: 0 });
    expect(largestSrcset('only.jpg')).toEqual({ url: 'only.jpg', width: 0 });
    expect(largestSrcset('https://cdn.example/i/w_300,h_200/a.jpg 300w, https://cdn.example/i/w_900,h_600/a.jpg 900w')).toEqual({
      url: 'https://cdn.example/i/w_900,h_600/a.jpg',
      width: 900,
    });
    expect(largestSrcset('')).toBeNull();
    expect(largestSrcset(null)).toBeNull();
  });

  it('reads the nopin meta and our own pin pages', async () => {
    const { isNopinMeta, ownPinId } = await import('./images');
    expect(isNopinMeta('pinterest', 'nopin')).toBe(true);
    expect(isNopinMeta('Pinterest', 'NOPIN')).toBe(true);
    expect(isNopinMeta('pinterest', 'pin')).toBe(false);
    expect(isNopinMeta('robots', 'nopin')).toBe(false);
    expect(ownPinId('/pin/123/')).toBe('123');
    expect(ownPinId('/amp/pin/123/')).toBe('123');
    expect(ownPinId('/pin/123')).toBe('123');
    expect(ownPinId('/pin/123/repin/x/')).toBeNull();
    expect(ownPinId('/pin/abc/')).toBeNull();
  });

  it('ranks marked images first even when smaller, and keeps 3:1 but not wider', () => {
    const ranked = rank([
      { url: 'https://a.example/wide.jpg', width: 1200, height: 399 },
      { url: 'https://a.example/three.jpg', width: 1200, height: 400 },
      { url: 'https://a.example/marked-small.jpg', width: 120, height: 120, marked: true },
    ]);
    expect(ranked.map((c) => c.url)).toEqual(['https://a.example/marked-small.jpg', 'https://a.example/three.jpg']);
  });
});

describe('furniture, sizes in addresses and JSON-LD', () => {
  it('takes theme logos, icons, buttons, touch icons, folders, ad sizes and avatars for furniture, but not a dated upload of a logo', async () => {
    const { isFurniture } = await import('./images');
    for (const url of [
      'https://a.example/sites/default/themes/site/images/site-logo.gif',
      'https://a.example/img/logo-opengraph.png',
      'https://a.example/images/btn_myrecipes.png',
      'https://a.example/wp-content/uploads/2018/04/apple-touch-icon-1.png?fit=158%2C158',
      'https://s0.example/i/blank.jpg',
      'https://a.example/graphics/logos/',
      'https://ad.example/N1/ad/site/article;type=mpu;sz=300x250;ord=1',
      'https://a.example/adserv/3.0/1342/0/170/ADTECH;loc=300',
      'https://0.gravatar.example/avatar/05188c22?s=55',
    ])
      expect([url, isFurniture(url)]).toEqual([url, true]);
    for (const url of [
      'https://a.example/wp-content/uploads/2014/09/Blackberry-Logo.jpg',
      'https://a.example/images/i/000/008/844/original/nasa-logo.jpg?1394675317',
      'https://a.example/wp-content/uploads/2020/10/cake-scaled-1200x630-c-default.jpg',
      'https://images.a.example/ad/93/9f099ec74374a67121155d25f38a/viyard.jpg',
      'https://a.example/2024/05/story.jpg',
    ])
      expect([url, isFurniture(url)]).toEqual([url, false]);
  });

  it('reads a size written in the address', async () => {
    const { sizeInUrl } = await import('./images');
    expect(sizeInUrl('https://a.example/photo-1024x683.jpg')).toEqual({ width: 1024, height: 683 });
    expect(sizeInUrl('https://a.example/p.jpg?w=800&h=600')).toEqual({ width: 800, height: 600 });
    expect(sizeInUrl('https://a.example/id/158666/width/515/height/337.png')).toEqual({ width: 515, height: 337 });
    expect(sizeInUrl('https://a.example/p.jpg?w=800')).toBeNull();
    expect(sizeInUrl('https://a.example/p.jpg')).toBeNull();
  });

  it("gives JSON-LD's main images, in @graph and mainEntity too, never the publisher's logo", async () => {
    const { jsonLdImages } = await import('./images');
    expect(jsonLdImages('{"@type":"NewsArticle","image":[{"url":"/a.jpg"},"/b.jpg"],"publisher":{"logo":{"url":"/logo.png"}}}')).toEqual(['/a.jpg', '/b.jpg']);
    expect(jsonLdImages('<!--{"@graph":[{"@type":"WebPage","mainEntity":{"@type":"Recipe","image":{"contentUrl":"/r.jpg"}}}]}-->')).toEqual(['/r.jpg']);
    expect(jsonLdImages('{"@type":"VideoObject","thumbnailUrl":"/v.jpg"}')).toEqual(['/v.jpg']);
    expect(jsonLdImages('not json')).toEqual([]);
  });
});

describe("rankBySize (the SDK's pick-any-image grid)", () => {
  const c = (url: string, width: number, height: number, marked = false) => ({ url: `https://site.example/${url}`, width, height, marked });
  it("keeps the pinnable images, the publisher's marks first, then larger first, logos included by size", () => {
    const small = c('small.jpg', 300, 300);
    const big = c('big.jpg', 900, 600);
    const logo = c('logo.png', 400, 400);
    const marked = c('chosen.jpg', 200, 200, true);
    const banner = c('banner.jpg', 1200, 200);
    const tiny = c('tiny.jpg', 60, 60);
    expect(rankBySize([small, big, logo, marked, banner, tiny]).map((x) => x.url.split('/').pop())).toEqual(['chosen.jpg', 'big.jpg', 'logo.png', 'small.jpg']);
  });
  // Issue 28's audit: PinUtils.pinAny() showed 40 tiles for 2 distinct images.
  it('shows each address once, at its largest sighting, marked if any sighting was', () => {
    const page = Array.from({ length: 20 }, (_, i) => [c('a.jpg', 300 + i, 300), c('b.jpg', 400, 400, i === 7)]).flat();
    const tiles = rankBySize(page);
    expect(tiles.map((x) => x.url.split('/').pop())).toEqual(['b.jpg', 'a.jpg']);
    expect(tiles[0]).toMatchObject({ marked: true });
    expect(tiles[1]).toMatchObject({ width: 319 });
  });

  it('orders as its rule reads, compared pair by pair (the packed keys are only a faster way to it)', () => {
    const candidate = fc.record({
      url: fc.constantFrom('https://a.example/photo', 'https://a.example/logo', 'https://a.example/favicon.ico', 'https://a.example/pic'),
      width: fc.integer({ min: 100, max: 3000 }),
      height: fc.integer({ min: 100, max: 3000 }),
      marked: fc.boolean(),
      chrome: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 40 }), (raw) => {
        // Distinct addresses, so the expected order can name each one.
        const candidates: Candidate[] = raw.map((c, i) => ({ ...c, url: `${c.url}-${i}.jpg` }));
        const furniture = (c: Candidate) => isFurniture(c.url);
        const area = (c: Candidate) => c.width * c.height;
        const first = (c: Candidate) => Number(!!c.marked && !furniture(c));
        const content = (c: Candidate) => !furniture(c) && !c.chrome;
        const pinnable = candidates.filter(isPinnable);
        const largest = pinnable.reduce((max, c) => (first(c) || !content(c) ? max : Math.max(max, area(c))), 0);
        const lead = (c: Candidate) => Number(content(c) && area(c) >= LEAD_SHARE * largest);
        const expected = [...pinnable].sort(
          (a, b) =>
            first(b) - first(a) ||
            Number(furniture(a)) - Number(furniture(b)) ||
            Number(!!a.chrome) - Number(!!b.chrome) ||
            lead(b) - lead(a) ||
            (lead(a) ? candidates.indexOf(a) - candidates.indexOf(b) : area(b) - area(a)),
        );
        expect(rank(candidates).map((c) => c.url)).toEqual(expected.map((c) => c.url));
      }),
    );
  });
});

describe('isFurniture reads an address in a browser form as URL would', () => {
  it('agrees with the URL parser on paths, queries and folders', () => {
    const addresses = fc.tuple(
      fc.constantFrom('http://a.example', 'https://cdn.a.example:8443'),
      fc.array(fc.constantFrom('img', 'logo', 'icons', '2019', 'avatars', 'x', ''), { maxLength: 4 }),
      fc.constantFrom('photo.jpg', 'logo.png', 'facebook.png', 'pixel.gif', '', 'a-12345678.jpg'),
      fc.constantFrom('', '?', '?w=800', '?type=1x1', '?a=1&b=2'),
    );
    fc.assert(
      fc.property(addresses, ([origin, folders, file, query]) => {
        const url = `${origin}/${[...folders, file].join('/')}${query}`;
        // The same address with a fragment is not in a browser's normalised form: it goes through URL.
        expect(isFurniture(url)).toBe(isFurniture(`${url}#x`));
      }),
    );
  });
});
