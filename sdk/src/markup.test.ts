// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { label, FOLLOW, SAVE } from './labels';
import {
  followUrl,
  kindOf,
  noHover,
  noPin,
  pageSays,
  pageUrl,
  pickDescription,
  popupUrl,
  readImage,
  readLook,
  readPinLink,
  readSettings,
  withoutSecrets,
} from './markup';

function page(head: string, body: string, { url = 'https://blog.example/post?x=1', title = 'A post', lang = 'en' } = {}) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
  document.documentElement.lang = lang;
  document.head.innerHTML = `<title>${title}</title>${head}`;
  document.body.innerHTML = body;
}
const first = (selector: string) => document.querySelector(selector) as HTMLElement;

beforeEach(() => page('', ''));

describe('settings and per-button look (data-pin-* as pinit.js reads them)', () => {
  it('reads the script tag: flags on when present or "true", off when "false", text kept', () => {
    page(
      '',
      '<script data-pin-hover="true" data-pin-tall data-pin-save="false" data-pin-color="white" data-pin-util="Pins" data-pin-error="onPinError" data-pin-build="parsePins"></script>',
      { lang: 'de-AT' },
    );
    expect(readSettings(first('script'), document)).toEqual({
      hover: true,
      save: false,
      tall: true,
      round: false,
      custom: false,
      color: 'white',
      lang: 'de-AT',
      error: 'onPinError',
      build: 'parsePins',
      util: 'Pins',
    });
  });

  it('has pinit.js defaults when the script tag says nothing, or is not found', () => {
    expect(readSettings(null, document)).toMatchObject({
      hover: false,
      save: true,
      tall: false,
      round: false,
      custom: false,
      color: 'red',
      lang: 'en',
      util: 'PinUtils',
      error: '',
    });
  });

  it('lets each button override the page: round, tall, color, lang, save, custom', () => {
    const defaults = readSettings(null, document);
    page('', '<a data-pin-round="true" data-pin-tall="false" data-pin-lang="ja" data-pin-custom data-pin-save="false" data-pin-color=""></a>');
    expect(readLook(first('a'), { ...defaults, tall: true })).toMatchObject({ round: true, tall: false, lang: 'ja', custom: true, save: false, color: 'red' });
  });

  it('tells the button kinds apart; none, ignore, nothing and unknown widgets are skipped', () => {
    page(
      '',
      `<a data-pin-do="buttonPin"></a><a data-pin-do="buttonBookmark"></a><a data-pin-do="buttonFollow"></a>
      <a href="https://www.pinterest.com/pin/create/button/?url=x"></a><a data-pin-do="none" href="/pin/create/button/"></a>
      <a data-pin-do="ignore"></a><a data-pin-do="nothing"></a><a data-pin-do="embedPin"></a><a data-pin-do="toString"></a><a href="/about"></a>`,
    );
    expect(Array.from(document.querySelectorAll('a'), kindOf)).toEqual(['pin', 'bookmark', 'follow', 'pin', null, null, null, null, null, null]);
  });

  it('knows nopin and nohover, on images and in the pinterest meta', () => {
    page('<meta name="pinterest" content="nohover">', '<img nopin><img data-nopin><img data-pin-nopin><img nohover><img data-pin-no-hover><img>');
    const imgs = Array.from(document.querySelectorAll('img'));
    expect(imgs.map(noPin)).toEqual([true, true, true, false, false, false]);
    expect(imgs.map(noHover)).toEqual([true, true, true, true, true, false]);
    expect([pageSays(document, 'nohover'), pageSays(document, 'nopin')]).toEqual([true, false]);
  });
});

describe('labels', () => {
  it('come in at least 10 languages, by region-less code, English otherwise', () => {
    const langs = ['en', 'de', 'fr', 'es', 'it', 'pt-BR', 'nl', 'sv', 'pl', 'ru', 'tr', 'ja', 'ko', 'zh-CN'];
    expect(new Set(langs.map((l) => label(l, SAVE) + label(l, FOLLOW))).size).toBe(langs.length);
    expect([label('fr', SAVE), label('DE_de', FOLLOW), label('xx', SAVE), label('', SAVE)]).toEqual(['Enregistrer', 'Folgen', 'Save', 'Save']);
  });
});

describe('the page URL', () => {
  it('prefers pin:url, then canonical, then og:url, then the document URL', () => {
    const metas = [
      '<meta name="pin:url" content="https://blog.example/pin">',
      '<link rel="canonical" href="/canonical">',
      '<meta property="og:url" content="https://blog.example/og">',
    ];
    page(metas.join(''), '');
    expect(pageUrl(document)).toBe('https://blog.example/pin');
    page(metas.slice(1).join(''), '');
    expect(pageUrl(document)).toBe('https://blog.example/canonical');
    page(metas.slice(2).join(''), '');
    expect(pageUrl(document)).toBe('https://blog.example/og');
    page('', '');
    expect(pageUrl(document)).toBe('https://blog.example/post?x=1');
  });

  it('drops query keys that look like passwords or tokens, and keeps the rest', () => {
    page('', '', { url: 'https://blog.example/p?id=7&password=hunter2&PWD=1&access_token=t&session_id=s&sid=9&apiKey=k&tab=2#top' });
    expect(pageUrl(document)).toBe('https://blog.example/p?id=7&tab=2#top');
    expect(withoutSecrets('https://a.example/?auth=1&q=pie')).toBe('https://a.example/?q=pie');
    expect(withoutSecrets('not a url')).toBe('not a url');
  });

  it('falls back to the document URL when a meta is malformed', () => {
    page('<link rel="canonical" href="http://[bad">', '');
    expect(pageUrl(document)).toBe('https://blog.example/post?x=1');
  });
});

describe('the description', () => {
  it('takes the first non-blank of its sources, trimmed and cut to 500 characters', () => {
    expect(pickDescription('  ', null, undefined, 'Title')).toBe('Title');
    expect(pickDescription('x'.repeat(600))).toHaveLength(500);
    expect(pickDescription()).toBe('');
  });

  it('on an image: selected text, else data-pin-description, else the image title, else document.title', () => {
    page(
      '',
      '<img src="https://blog.example/a.jpg" data-pin-description="Given" title="Image title"><img src="https://blog.example/b.jpg" title="Image title"><img src="https://blog.example/c.jpg">',
      { title: 'Doc title' },
    );
    const [a, b, c] = Array.from(document.querySelectorAll('img')) as [HTMLImageElement, HTMLImageElement, HTMLImageElement];
    expect(readImage(a, document, 'Selected').description).toBe('Selected');
    expect(readImage(a, document).description).toBe('Given');
    expect(readImage(b, document).description).toBe('Image title');
    expect(readImage(c, document).description).toBe('Doc title');
  });

  it('on an image, data-pin-media, -url and -id win over the image itself and the page', () => {
    page(
      '',
      '<img src="https://blog.example/small.jpg" data-pin-media="https://cdn.example/big.jpg" data-pin-url="https://blog.example/recipe" data-pin-id="123">',
    );
    expect(readImage(first('img') as HTMLImageElement, document)).toEqual({
      url: 'https://blog.example/recipe',
      media: 'https://cdn.example/big.jpg',
      description: 'A post',
      id: '123',
    });
  });
});

describe('readPinLink', () => {
  it('reads url, media and description from the href, as pinit.js does', () => {
    page(
      '',
      '<a data-pin-do="buttonPin" href="https://www.pinterest.com/pin/create/button/?url=https%3A%2F%2Fblog.example%2Fp&media=https%3A%2F%2Fblog.example%2Fa.jpg&description=Tart"></a>',
    );
    expect(readPinLink(first('a'), document)).toEqual({ url: 'https://blog.example/p', media: 'https://blog.example/a.jpg', description: 'Tart', id: '' });
  });

  it('lets data-pin-* attributes win, and falls back to the page; selected text comes first', () => {
    page(
      '<link rel="canonical" href="https://blog.example/post">',
      '<a data-pin-do="buttonPin" data-pin-media="https://cdn.example/b.jpg" data-pin-id="42" href="/pin/create/button/?description=From%20href"></a>',
    );
    expect(readPinLink(first('a'), document)).toEqual({
      url: 'https://blog.example/post',
      media: 'https://cdn.example/b.jpg',
      description: 'From href',
      id: '42',
    });
    expect(readPinLink(first('a'), document, 'Selected words').description).toBe('Selected words');
  });

  it('cuts the description to 500 characters', () => {
    page('', `<a data-pin-description="${'x'.repeat(600)}"></a>`);
    expect(readPinLink(first('a'), document).description).toHaveLength(500);
  });
});

describe('popupUrl and followUrl', () => {
  it('carries the request, guid and host origin as query parameters', () => {
    const url = new URL(
      popupUrl(
        'http://localhost:8787',
        'button',
        { url: 'https://a.example/?q=1&x', media: 'https://a.example/i.jpg', description: 'é & ?' },
        'g1',
        'https://a.example',
      ),
    );
    expect(url.origin + url.pathname).toBe('http://localhost:8787/pin/create/button/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      url: 'https://a.example/?q=1&x',
      media: 'https://a.example/i.jpg',
      description: 'é & ?',
      guid: 'g1',
      origin: 'https://a.example',
    });
  });

  it("passes the button's language for the popup to open in, and no empty one", () => {
    const french = new URL(
      popupUrl('http://localhost:8787', 'button', { url: 'https://a.example/', media: 'm', description: '', lang: 'fr-CA' }, 'g', 'https://a.example'),
    );
    expect(french.searchParams.get('lang')).toBe('fr-CA');
    const none = new URL(
      popupUrl('http://localhost:8787', 'button', { url: 'https://a.example/', media: 'm', description: '', lang: '' }, 'g', 'https://a.example'),
    );
    expect(none.searchParams.has('lang')).toBe(false);
  });

  it('saves our own pin page for a repin (data-pin-id), and ignores an id that is not one', () => {
    const repin = new URL(
      popupUrl('http://localhost:8787', 'button', { url: 'https://a.example/', media: 'm', description: '', id: '99' }, 'g', 'https://a.example'),
    );
    expect(repin.searchParams.get('url')).toBe('http://localhost:8787/pin/99/');
    const bad = new URL(
      popupUrl('http://localhost:8787', 'button', { url: 'https://a.example/', media: 'm', description: '', id: '../x' }, 'g', 'https://a.example'),
    );
    expect(bad.searchParams.get('url')).toBe('https://a.example/');
  });

  it('opens a profile or board on our origin with ?follow=1, and nothing else', () => {
    expect(followUrl('http://localhost:8787', 'https://www.pinterest.com/sunday_kitchen/')).toBe('http://localhost:8787/sunday_kitchen/?follow=1');
    expect(followUrl('http://localhost:8787', '/sunday_kitchen/tarts/')).toBe('http://localhost:8787/sunday_kitchen/tarts/?follow=1');
    expect(followUrl('http://localhost:8787', 'https://www.pinterest.com/')).toBeNull();
    expect(followUrl('http://localhost:8787', 'javascript:alert(1)')).toBeNull();
    expect(followUrl('http://localhost:8787', '/a/b/c/')).toBeNull();
  });
});
