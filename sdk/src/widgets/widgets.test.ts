// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readWidget } from './markup';
import { createWidgets } from './widgets';

const link = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box.firstElementChild!;
};

describe('readWidget: widget markup as pinit.js reads it', () => {
  it('reads each widget, its key and sizes, with pinit.js defaults and bounds', () => {
    expect(
      readWidget(
        link(
          '<a data-pin-do="embedBoard" data-pin-board-width="900" data-pin-scale-height="10" data-pin-scale-width="80" href="https://pins.example/olga/lake-days/"></a>',
        ),
        'en',
      ),
    ).toEqual({
      kind: 'embedBoard',
      key: 'olga/lake-days',
      path: '/olga/lake-days/',
      width: 900,
      scaleWidth: 80,
      scaleHeight: 60,
      terse: false,
      lang: 'en',
    });
    expect(
      readWidget(link('<a data-pin-do="embedUser" data-pin-board-width="auto" data-pin-lang="de" data-pin-terse="true" href="/olga/"></a>'), 'en'),
    ).toMatchObject({ kind: 'embedUser', key: 'olga', width: null, terse: true, lang: 'de', scaleWidth: 80, scaleHeight: 240 });
    expect(readWidget(link('<a data-pin-do="embedPin" data-pin-width="large" href="/pin/123/"></a>'), 'en')).toMatchObject({
      kind: 'embedPin',
      key: '123',
      width: 600,
    });
    expect(readWidget(link('<a data-pin-do="embedPin" href="/pin/123/"></a>'), 'en')).toMatchObject({ width: 236 });
  });

  it('names nothing for other markup or a URL of the wrong shape', () => {
    expect(readWidget(link('<a data-pin-do="buttonPin" href="/pin/1/"></a>'), 'en')).toBeNull();
    expect(readWidget(link('<a data-pin-do="embedPin" href="/olga/"></a>'), 'en')).toBeNull();
    expect(readWidget(link('<a data-pin-do="embedBoard" href="/olga/"></a>'), 'en')).toBeNull();
    expect(readWidget(link('<a data-pin-do="embedUser" href="/olga/a/b/c/"></a>'), 'en')).toBeNull();
  });
});

const image = (id: string) => ({
  '236x': { url: `https://p.example/media/${id}/236x.jpg`, width: 236, height: 354 },
  '474x': { url: `https://p.example/media/${id}/474x.jpg`, width: 474, height: 711 },
});
const pin = (id: string) => ({
  id,
  url: `https://p.example/pin/${id}/`,
  title: '',
  description: `Pin ${id}`,
  color: '#123456',
  images: image(id),
  pinner: { username: 'olga', full_name: 'Olga', url: 'https://p.example/olga/' },
  board: { name: 'Lake days', url: 'https://p.example/olga/lake-days/' },
});

describe('createWidgets', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks once for every widget and count of a page, draws what is answered and leaves the rest as links', async () => {
    document.body.innerHTML = `<a id="b" data-pin-do="embedBoard" href="https://p.example/olga/lake-days/">Lake days</a>
      <a id="s" data-pin-do="embedBoard" href="https://p.example/olga/secret-plans/">Secret</a>
      <a id="p" data-pin-do="embedPin" href="https://p.example/pin/7/">A pin</a>
      <a data-pin-do="buttonPin" data-pin-count="beside" data-pin-url="https://news.example/a" href="https://p.example/pin/create/button/"></a>`;
    const answer = {
      pins: { '7': pin('7') },
      boards: {
        'olga/lake-days': {
          name: 'Lake days',
          url: 'https://p.example/olga/lake-days/',
          owner: { username: 'olga', full_name: 'Olga', url: 'https://p.example/olga/', image_medium_url: null },
          pins: [pin('1'), pin('2')],
        },
        'olga/secret-plans': null,
      },
      users: {},
      counts: { 'https://news.example/a': 3 },
    };
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ resource_response: { data: answer } })));
    const widgets = createWidgets({ origin: 'https://p.example', lang: 'en', save: vi.fn() });
    widgets.add(document);
    await vi.waitFor(() => expect(document.getElementById('b')).toBeNull());

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(init).toEqual({ credentials: 'omit' });
    expect(JSON.parse(new URL(String(url)).searchParams.get('data')!).options).toEqual({
      pins: ['7'],
      boards: ['olga/lake-days', 'olga/secret-plans'],
      users: [],
      counts: ['https://news.example/a'],
    });
    // The secret board stays the publisher's link.
    expect(document.getElementById('s')?.textContent).toBe('Secret');
    const [board, card] = [...document.querySelectorAll('[data-corkboard]')].map((host) => host.shadowRoot!);
    const tile = board!.querySelector('img[data-pin-id="1"]')!;
    expect(tile.getAttribute('srcset')).toBe('https://p.example/media/1/236x.jpg 236w, https://p.example/media/1/474x.jpg 474w');
    expect(tile.getAttribute('loading')).toBe('lazy');
    expect(tile.getAttribute('height')).toBe('120');
    expect(board!.querySelector('button')!.textContent).toBe('Follow');
    expect(card!.querySelector('.d')!.textContent).toBe('Pin 7');

    widgets.destroy();
    expect(document.getElementById('b')).not.toBeNull();
    expect(document.getElementById('p')).not.toBeNull();
  });

  it('fills a count bubble from the same answer, in the room its button left', async () => {
    document.body.innerHTML = '';
    const host = document.createElement('span');
    host.attachShadow({ mode: 'open' });
    host.setAttribute('data-count', 'above');
    document.body.append(host);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ resource_response: { data: { pins: {}, boards: {}, users: {}, counts: { 'https://news.example/b': 1200 } } } })),
    );
    const widgets = createWidgets({ origin: 'https://p.example', lang: 'en', save: vi.fn() });
    widgets.add([host, link('<a data-pin-count="above" data-pin-url="https://news.example/b" href="/pin/create/button/"></a>')]);
    await vi.waitFor(() => expect(host.shadowRoot!.querySelector('.cnt')?.textContent).toBe('1.2K'));
    // data-pin-count="none" (pinit.js's) shows no bubble.
    const plain = document.createElement('span');
    plain.attachShadow({ mode: 'open' });
    widgets.add([plain, link('<a data-pin-count="none" data-pin-url="https://news.example/b" href="/pin/create/button/"></a>')]);
    expect(plain.shadowRoot!.querySelector('.cnt')).toBeNull();
  });
});
