import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/errors.js';
import { parseBookmarks } from './bookmarks.js';
import { parsePinterestCsv, parsePinterestJson } from './pinterest.js';
import { textSource } from './read.js';
import { fitText, sniffFormat } from './rules.js';
import { unsafeEntryName } from './archive.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const refusal = async (fn: () => unknown) => {
  try {
    await fn();
  } catch (error) {
    return error instanceof ApiError ? error.errorName : String(error);
  }
  return 'accepted';
};

describe('a Netscape bookmarks file (browsers, Pinboard, Raindrop)', () => {
  it('top-level folders become boards, their folders sections, deeper folders fill their section; loose links go to Bookmarks', async () => {
    const plan = await parseBookmarks(textSource(fixture('bookmarks-chrome.html')));
    expect(plan.boards.map((b) => [b.name, b.sections, b.pins.map((p) => [p.title, p.section])])).toEqual([
      [
        'Recipes',
        ['Desserts'],
        [
          ['Fresh pasta & sauce', null],
          ['Tarte Tatin', 0],
          ['Flan', 0],
        ],
      ],
      ['Trips', [], [['Lisbon', null]]],
      ['Bookmarks', [], [['Loose link', null]]],
    ]);
    const pasta = plan.boards[0]!.pins[0]!;
    expect(pasta).toMatchObject({ link: 'https://example.com/pasta', image_url: null, created_at: 1_700_000_001_000 });
  });

  it("Pinboard's tags become hashtags and its note the description; Raindrop's cover becomes the image", async () => {
    const plan = await parseBookmarks(textSource(fixture('bookmarks-pinboard.html')));
    expect(plan.boards).toHaveLength(1);
    const [typography, raindrop] = plan.boards[0]!.pins;
    expect(typography).toMatchObject({ title: 'On typography', description: 'A long read about type <and> layout.\n#design #fonts' });
    expect(raindrop).toMatchObject({ image_url: 'https://img.example.com/cover.jpg', description: '' });
  });

  it('refuses HTML that is no bookmarks file, and one without a single web link', async () => {
    expect(await refusal(() => parseBookmarks(textSource('<html><body><p>Hello</p></body></html>')))).toBe('import_invalid');
    expect(await refusal(() => parseBookmarks(textSource('<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p><DT><A HREF="javascript:void(0)">x</A></DL>')))).toBe(
      'import_empty',
    );
  });

  it('fits names to our fields: control characters dropped, 50 characters at most, same name (by case) one board', async () => {
    const long = 'A'.repeat(80);
    const plan = await parseBookmarks(
      textSource(
        `<DL><DT><H3>${long}</H3><DL><DT><A HREF="https://a.example/">a</A></DL><DT><H3>${long.toLowerCase()}</H3><DL><DT><A HREF="https://b.example/">b\u0007</A></DL></DL>`,
      ),
    );
    expect(plan.boards).toHaveLength(1);
    expect(plan.boards[0]!.name).toHaveLength(50);
    expect(plan.boards[0]!.pins.map((p) => p.title)).toEqual(['a', 'b']);
  });
});

describe('a Pinterest export', () => {
  it('CSV in the bulk-create columns: board, image, link, keywords as hashtags; quoted commas and line breaks', async () => {
    const plan = await parsePinterestCsv(textSource(fixture('pinterest.csv')));
    expect(plan.boards.map((b) => [b.name, b.pins.length])).toEqual([
      ['Kitchen ideas', 2],
      ['Garden', 1],
    ]);
    expect(plan.boards[0]!.pins[0]).toMatchObject({
      title: 'Blue kitchen',
      image_url: 'https://i.example.com/blue.jpg',
      link: 'https://blog.example.com/blue',
      description: 'Open shelves, brass handles #kitchen #blue',
      created_at: Date.parse('2023-04-01T10:00:00Z'),
    });
    expect(plan.boards[0]!.pins[1]).toMatchObject({ title: 'Quote, with "quotes"', description: 'Line one\nline two', link: null });
    expect(plan.boards[1]!.pins[0]).toMatchObject({ image_url: null, link: 'https://garden.example.com/' });
  });

  it('JSON as the API v5 answers it: boards by id, the largest image, sections and secret boards', async () => {
    const plan = await parsePinterestJson(textSource(fixture('pinterest.json')));
    expect(plan.boards.map((b) => [b.name, b.privacy, b.description, b.sections])).toEqual([
      ['Living room', 'public', 'Calm colours', []],
      ['Gifts', 'secret', '', []],
      ['Reading', 'public', '', ['Novels']],
    ]);
    expect(plan.boards[0]!.pins[0]).toMatchObject({
      image_url: 'https://i.example.com/orig/sofa.jpg',
      alt_text: 'A green velvet sofa',
      description: '#sofa #green',
    });
    expect(plan.boards[1]!.pins[0]!.image_url).toBe('https://i.example.com/600/scarf.jpg');
    expect(plan.boards[2]!.pins[0]!.section).toBe(0);
  });

  it('refuses a CSV without a link or image column, broken JSON, and JSON without pins', async () => {
    expect(await refusal(() => parsePinterestCsv(textSource('name,colour\nx,y\n')))).toBe('import_invalid');
    expect(await refusal(() => parsePinterestCsv(textSource('Title,Link\n"unterminated,https://x.example/\n')))).toBe('import_invalid');
    expect(await refusal(() => parsePinterestJson(textSource('{"pins": [1, 2')))).toBe('import_invalid');
    expect(await refusal(() => parsePinterestJson(textSource('{"hello": "world"}')))).toBe('import_invalid');
    expect(await refusal(() => parsePinterestJson(textSource('{"pins": [{"title": "no link, no image"}]}')))).toBe('import_empty');
  });

  it('reads RFC 4180 rows: CRLF, quoted commas and quotes, blank lines between', async () => {
    const plan = await parsePinterestCsv(textSource('\uFEFFTitle,Link\r\n\r\n"b,c",https://a.example/\r\n\n\n"d""e",https://b.example/\n'));
    expect(plan.boards[0]!.pins.map((p) => p.title)).toEqual(['b,c', 'd"e']);
  });
});

describe('the rules every file meets', () => {
  it('tells a file by its first bytes', async () => {
    expect(sniffFormat(Buffer.from('PK\u0003\u0004rest'))).toBe('corkboard-zip');
    expect(sniffFormat(Buffer.from('\uFEFF<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL>'))).toBe('bookmarks');
    expect(sniffFormat(Buffer.from('  {"items": []}'))).toBe('pinterest-json');
    expect(sniffFormat(Buffer.from('Title,Media URL,Pinterest board\n'))).toBe('pinterest-csv');
    expect(sniffFormat(Buffer.from('\u0089PNG\r\n\u001a\n'))).toBeNull();
    expect(sniffFormat(Buffer.from('<html><body>hello</body></html>'))).toBeNull();
  });

  it('tells a ZIP entry name that climbs out of its folder', () => {
    for (const name of ['../x.jpg', 'images/../../x', '/etc/passwd', 'C:/x.jpg', 'c:x', 'images\\x.jpg', 'a/\u0000b'])
      expect(unsafeEntryName(name), name).toBe(true);
    for (const name of ['boards.json', 'images/123.jpg', 'images/', 'a..b/c.jpg']) expect(unsafeEntryName(name), name).toBe(false);
  });

  it('fits text without splitting a character', async () => {
    expect(fitText('😀'.repeat(60), 50)).toBe('😀'.repeat(50));
    expect(fitText('a\u202Eb\u0000c', 10)).toBe('abc');
    expect(fitText(42, 10)).toBe('');
  });
});
