import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import metascraper from 'metascraper';
import metascraperImage from 'metascraper-image';
import { findImagesInHtml } from '../../api/src/scrape/html.js';
import { CATEGORIES, KINDS, type Category, type RealPage, type Split, loadCorpus } from './corpus.js';
import { pngOf, sizeFor, sizesInMarkup } from './offline-images.js';

/**
 * Every figure is printed for the tuning split (sites rules may be changed while looking at)
 * and the test split (sites kept for measuring them, split.json); the goals are the test split's, and
 * the two splits' first choices must agree within GAP points (rules that hold beyond the pages they were made on).
 *
 * Both image finders on real saved pages (bench/realpages/corpus.ts), beside metascraper's
 * image rules and the first og:image alone. "First choice" is the share of pages whose first
 * candidate is the main image; "recall" the share whose candidates include it. The in-page finder
 * runs in headless Chromium on the page's own markup, with the page's inline scripts, no network:
 * images are answered offline (offline-images.ts), everything else is refused.
 * REALPAGES_MISSES=1 lists every miss with what was chosen instead.
 */
const FIRST_GOAL = 97;
const RECALL_GOAL = 99;
const GAP = 2;

type Row = { name: string; value: number; budget?: number; atLeast?: boolean; unit: string };
interface Outcome {
  first: boolean;
  found: boolean;
  chosen?: string;
}

/**
 * Addresses compared without scheme and fragment: `http:` and `https:` name the same picture; so do a
 * doubled slash in the path (`/current//2019/`) and a character written escaped or not (`%28` and `(`).
 */
function key(url: string | undefined | null, base: string): string | null {
  if (!url) return null;
  try {
    const u = new URL(url.trim(), base);
    u.hash = '';
    u.pathname = u.pathname.replace(/\/{2,}/g, '/');
    const href = u.href.replace(/^https?:/, '');
    try {
      return decodeURIComponent(href);
    } catch {
      return href;
    }
  } catch {
    return null;
  }
}

function judge(page: RealPage, candidates: Array<string | undefined>): Outcome {
  const expected = new Set(page.expected.map((u) => key(u, page.url)));
  const keys = candidates.map((u) => key(u, page.url));
  return { first: expected.has(keys[0] ?? null), found: keys.some((k) => expected.has(k)), chosen: candidates[0] };
}

/**
 * The page's own navigation, however its address is escaped: Chromium asks for a non-ASCII path escaped
 * its way (a Persian or Arabic headline in the address), which the written address need not match byte for byte.
 */
function sameAddress(requested: string, address: string): boolean {
  const plain = (u: string) => {
    try {
      return decodeURI(new URL(u.split('#')[0]!).href);
    } catch {
      return u.split('#')[0]!;
    }
  };
  return plain(requested) === plain(address);
}

function ogImageOnly(html: string): string | undefined {
  return /<meta[^>]+(?:property|name)=["']og:image["'][^>]*>/i
    .exec(html)?.[0]
    .match(/content=["']([^"']*)/i)?.[1]
    ?.replace(/&amp;/g, '&');
}

async function inPageFinder(pages: RealPage[]): Promise<Map<string, Outcome>> {
  const bundle = await build({
    entryPoints: ['bookmarklet/src/find.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: '__corkboardFind',
    target: 'es2020',
    footer: { js: 'window.__corkboardFind = __corkboardFind;' },
  });
  const script = bundle.outputFiles[0]!.text;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  const outcomes = new Map<string, Outcome>();
  const started = Date.now();
  try {
    // One context and one tab per worker, reused from page to page: a fresh context costs a renderer
    // process per page (most of a page's time). The route reads the page the worker is on.
    const worker = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
      let current: { page: RealPage; address: string; sizes: ReturnType<typeof sizesInMarkup> } | null = null;
      await context.route('**/*', (route) => {
        const request = route.request();
        const url = request.url();
        if (current && request.isNavigationRequest() && request.frame() === request.frame().page().mainFrame() && sameAddress(url, current.address)) {
          return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: current.page.html });
        }
        if (current && request.resourceType() === 'image')
          return route.fulfill({ status: 200, contentType: 'image/png', body: pngOf(sizeFor(url, current.sizes)) });
        return route.abort();
      });
      let tab = await context.newPage();
      const find = () =>
        tab.evaluate(async (code) => {
          // biome-ignore lint/security/noGlobalEval: the bench runs the built finder in the page as the bookmarklet would
          (0, eval)(code);
          const finding = await (window as unknown as { __corkboardFind: typeof import('../../bookmarklet/src/find.js') }).__corkboardFind.findImages(
            document,
            3000,
          );
          return 'items' in finding ? finding.items.map((item) => item.url) : [];
        }, script);
      while (next < pages.length) {
        const page = pages[next++]!;
        current = { page, address: page.url.split('#')[0]!, sizes: sizesInMarkup(page.html, page.url) };
        const run = async () => {
          await tab.goto(page.url, { waitUntil: 'domcontentloaded', timeout: 20_000 });
          // A page whose own script replaces the document as the finder runs: once more on what it settled on.
          return find().catch(async () => (await tab.waitForLoadState('domcontentloaded'), find()));
        };
        for (let attempt = 0; !outcomes.has(page.id); attempt++) {
          try {
            const urls = await run();
            // Nothing at all on the first try is the tab's fault as often as the page's (an earlier page's navigation): once more.
            if (!urls.length && !attempt) throw new Error('no candidates');
            outcomes.set(page.id, judge(page, urls));
          } catch (error) {
            // A tab left in a bad state (the last page's own navigation still pending) is not reused: one more try in a fresh one.
            await tab.close().catch(() => undefined);
            tab = await context.newPage();
            if (attempt) outcomes.set(page.id, { first: false, found: false, chosen: `error: ${(error as Error).message.split('\n')[0]}` });
          }
        }
        if (outcomes.size % 50 === 0) process.stderr.write(`  in-page: ${outcomes.size}/${pages.length} pages\n`);
      }
      await context.close();
    };
    let next = 0;
    await Promise.all(Array.from({ length: Number(process.env.REALPAGES_TABS ?? 3) }, worker));
    console.log(`  in-page finder: ${pages.length} pages in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    await browser.close();
  }
  return outcomes;
}

function figures(name: string, pages: RealPage[], outcomes: Map<string, Outcome>, recall: boolean, goals: boolean): Row[] {
  const firsts = pages.filter((p) => outcomes.get(p.id)?.first).length;
  const founds = pages.filter((p) => outcomes.get(p.id)?.found).length;
  const byCategory = CATEGORIES.map((c) => {
    const of = pages.filter((p) => p.category === c);
    const missed = of.filter((p) => !outcomes.get(p.id)?.first).length;
    return of.length ? `${c} ${missed}/${of.length}` : '';
  }).filter(Boolean);
  const byKind = KINDS.map((k) => {
    const of = pages.filter((p) => p.kinds.includes(k));
    return of.length ? `${k} ${of.filter((p) => !outcomes.get(p.id)?.first).length}/${of.length}` : '';
  }).filter(Boolean);
  console.log(`  ${name}: first-choice misses by category: ${byCategory.join(', ')}; by tag: ${byKind.join(', ')}`);
  if (process.env.REALPAGES_MISSES && pages[0]?.split !== 'test') {
    // Only the tuning split's misses are listed: the test split's pages are not looked at while changing rules.
    for (const p of pages.filter((p) => !outcomes.get(p.id)?.first)) {
      console.log(
        `    miss ${p.id} [${p.category}] chose ${outcomes.get(p.id)?.chosen ?? 'nothing'}${outcomes.get(p.id)?.found ? ' (found lower)' : ''}\n      want ${p.expected[0]}`,
      );
    }
  }
  const rows: Row[] = [{ name: `${name}, first choice`, value: pct(firsts, pages.length), ...(goals ? { budget: FIRST_GOAL, atLeast: true } : {}), unit: '%' }];
  if (recall) rows.push({ name: `${name}, recall`, value: pct(founds, pages.length), ...(goals ? { budget: RECALL_GOAL, atLeast: true } : {}), unit: '%' });
  return rows;
}

const pct = (n: number, of: number) => (of ? Math.round((1000 * n) / of) / 10 : 0);

export async function realPages(): Promise<Row[]> {
  const corpus = loadCorpus();
  const { missing } = corpus;
  // REALPAGES_EVERY=k: every k-th page only, for a quicker, still even-handed look (all finders on the same pages).
  const every = Math.max(1, Number(process.env.REALPAGES_EVERY ?? 1));
  // REALPAGES_ONLY=a,b: the pages whose id contains one of these (to look again at a few misses).
  const only = process.env.REALPAGES_ONLY?.split(',').filter(Boolean);
  // REALPAGES_SPLIT=tune: the tuning split only (while changing rules).
  const splitOnly = process.env.REALPAGES_SPLIT as Split | undefined;
  const pages = corpus.pages.filter((p, i) => i % every === 0 && (!only || only.some((o) => p.id.includes(o))) && (!splitOnly || p.split === splitOnly));
  if (every > 1) console.log(`  every ${every}th page only (REALPAGES_EVERY)`);
  if (only) console.log(`  only pages whose id contains ${only.join(' or ')} (REALPAGES_ONLY)`);
  if (missing.length) console.log(`  ${missing.length} labelled pages have no copy under bench/realpages/pages (run label.ts)`);
  if (!pages.length) {
    console.log('  skipped: no real pages');
    return [];
  }
  const started = Date.now();
  for (const split of ['tune', 'test'] as const) {
    const of = pages.filter((p) => p.split === split);
    if (!of.length) continue;
    const counts = CATEGORIES.map((c) => `${c} ${of.filter((p) => p.category === c).length}`).join(', ');
    const tags = KINDS.map((k) => `${k} ${of.filter((p) => p.kinds.includes(k)).length}`).join(', ');
    console.log(
      `  ${split} split: ${of.length} pages of ${new Set(of.map((p) => p.site)).size} sites (${counts}; tags: ${tags}); ${of.filter((p) => p.how === 'body').length} labelled by their body image`,
    );
  }

  const server = new Map(
    pages.map((p) => [
      p.id,
      judge(
        p,
        findImagesInHtml(p.html, p.url).items.map((i) => i.url),
      ),
    ]),
  );
  const scrape = metascraper([metascraperImage()]);
  const meta = new Map<string, Outcome>();
  for (const p of pages) {
    // metascraper refuses a host without a public suffix (Readability's `fakehost`): give it one (only a
    // string, nothing is fetched), and take it back from the answer.
    const url = p.url.replace(/^(https?:\/\/[^/.]+)\//, '$1.com/');
    const image = await scrape({ html: p.html, url }).then(
      (found) => (found as { image?: string | null }).image ?? undefined,
      (error: Error) => `error: ${error.message}`,
    );
    meta.set(p.id, judge(p, [url === p.url ? image : image?.replace(/^(https?:\/\/[^/.]+)\.com\//, '$1/')]));
  }
  const og = new Map(pages.map((p) => [p.id, judge(p, [ogImageOnly(p.html)])]));
  const inPage = process.env.REALPAGES_SERVER_ONLY ? null : await inPageFinder(pages);

  const rows: Row[] = [];
  const firstPct = (of: RealPage[], outcomes: Map<string, Outcome>) => pct(of.filter((p) => outcomes.get(p.id)?.first).length, of.length);
  const bySplit = { tune: pages.filter((p) => p.split === 'tune'), test: pages.filter((p) => p.split === 'test') };
  for (const split of ['tune', 'test'] as const) {
    const of = bySplit[split];
    if (!of.length) continue;
    const goals = split === 'test';
    rows.push(
      ...figures(`${split}: server finder`, of, server, true, goals),
      ...(inPage ? figures(`${split}: in-page finder (Chromium)`, of, inPage, true, goals) : []),
      ...figures(`${split}: metascraper-image`, of, meta, false, false),
      ...figures(`${split}: first og:image only`, of, og, false, false),
    );
  }
  // On the test split, each finder's first choice must beat metascraper's on the same pages, and the tuning
  // split's figure must not stand more than GAP points from the test split's.
  for (const [name, outcomes] of [
    ['server', server],
    ['in-page', inPage],
  ] as const) {
    if (!outcomes || !bySplit.test.length) continue;
    const lead = firstPct(bySplit.test, outcomes) - firstPct(bySplit.test, meta);
    rows.push({ name: `test: ${name} ahead of metascraper`, value: Math.round(lead * 10) / 10, budget: 0.1, atLeast: true, unit: 'points' });
    if (bySplit.tune.length) {
      for (const [what, value] of [
        ['first choice', Math.abs(firstPct(bySplit.tune, outcomes) - firstPct(bySplit.test, outcomes))],
        [
          'recall',
          Math.abs(
            pct(bySplit.tune.filter((p) => outcomes.get(p.id)?.found).length, bySplit.tune.length) -
              pct(bySplit.test.filter((p) => outcomes.get(p.id)?.found).length, bySplit.test.length),
          ),
        ],
      ] as const) {
        rows.push({ name: `${name}: tuning vs test split, ${what}`, value: Math.round(value * 10) / 10, budget: GAP, unit: 'points' });
      }
    }
  }
  console.log(`  realpages took ${Math.round((Date.now() - started) / 1000)} s`);
  return rows;
}

export type { Category };
