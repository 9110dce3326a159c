import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * Real saved pages that nobody here wrote, from the test fixtures and evaluation sets of open
 * extractors. label.ts reads them from bare git mirrors under MIRRORS (brought by the search tool's
 * `fetch`) and copies each page, trimmed of huge inline blobs and gzipped, into pages/ (the
 * bench no longer needs the mirrors); expectations.json names each page's source (repository, path,
 * commit) and the image its publisher meant as the main one (docs/decisions/realpages.md), and
 * split.json which sites are for tuning rules and which are kept for testing them.
 */
/** Where the mirrors are: REALPAGES_MIRRORS, else a `mirrors/` folder beside the repository. */
export const MIRRORS = process.env.REALPAGES_MIRRORS ?? new URL('../../../mirrors', import.meta.url).pathname;

export type Category = 'news' | 'blog' | 'shop' | 'recipe' | 'video' | 'non-English';
export const CATEGORIES: Category[] = ['news', 'blog', 'shop', 'recipe', 'video', 'non-English'];
/** Tags beside the category (a page may have several): its language, and how its images arrive. */
export type Kind = 'non-English' | 'shop' | 'video' | 'lazy' | 'spa';
export const KINDS: Kind[] = ['shop', 'video', 'non-English', 'lazy', 'spa'];
export type Split = 'tune' | 'test';

export interface Expectation {
  /** `owner/name` of the repository the page is a fixture of. */
  repo: string;
  path: string;
  /** The commit that holds the page, when the repository has since removed it (else its HEAD). */
  commit?: string;
  /** The address the page was saved from: relative URLs in it resolve against this. */
  url: string;
  category: Category;
  /** The main image, in any of the forms the page names it (share card, schema.org, body): any one counts. */
  expected: string[];
  /** How the expectation was decided: `declared` (the page's own share/schema image) or `body` (by hand, the lead image). */
  how: 'declared' | 'body';
  note?: string;
  /** The page's copy under pages/ (gzipped HTML). */
  file: string;
  /** Its registrable domain (the split's unit): pages of one site are all tuned on or all tested on. */
  site: string;
  kinds: Kind[];
}

export interface RealPage extends Expectation {
  id: string;
  html: string;
  split: Split;
}

/** One source repository: its fixtures and the address each was saved from. */
export interface Source {
  repo: string;
  /**
   * The saved pages, by path in the repository; `name` stands for the path in the page's id (several
   * versions of one file), and `only` keeps a page only when its category is one of these (a source's
   * further pages taken for the mix of shop and video pages, never for how a finder does on them).
   */
  pages(git: Git): Array<{ path: string; commit?: string; url?: string; name?: string; extra?: Record<string, unknown>; only?: Category[] }>;
}

export interface Git {
  list(prefix: string, commit?: string): string[];
  show(path: string, commit?: string): Buffer;
  /** Every version of the files under prefix the history added or changed, newest first. */
  history(prefix: string): Array<{ commit: string; path: string }>;
}

export function gitDir(repo: string): string {
  const dir = `${MIRRORS}/${repo.replace('/', '+')}/repo`;
  // Most mirrors come bare; a few with a work tree, their git directory inside it.
  return existsSync(`${dir}/.git`) ? `${dir}/.git` : dir;
}

export function openMirror(repo: string): Git | null {
  const dir = gitDir(repo);
  if (!existsSync(dir)) return null;
  const git = (...args: string[]) => execFileSync('git', [`--git-dir=${dir}`, ...args], { maxBuffer: 64 * 1024 * 1024 });
  return {
    list: (prefix, commit = 'HEAD') => git('ls-tree', '-r', '-z', '--name-only', commit, '--', prefix).toString('utf8').split('\0').filter(Boolean),
    show: (path, commit = 'HEAD') => git('show', `${commit}:${path}`),
    history: (prefix) => {
      const out: Array<{ commit: string; path: string }> = [];
      let commit = '';
      for (const line of git('log', '--all', '--format=%H', '--diff-filter=AM', '--name-only', '--', prefix).toString('utf8').split('\n')) {
        if (/^[0-9a-f]{40}$/.test(line)) commit = line;
        else if (line) out.push({ commit, path: line });
      }
      return out;
    },
  };
}

/** Saved pages are mostly UTF-8; a page that says otherwise in its markup is read in its own charset. */
export function decodePage(bytes: Buffer): string {
  const head = bytes.subarray(0, 4096).toString('latin1');
  const charset = /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // An unknown label: UTF-8 below.
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}

/**
 * oscarotero/Embed saves each response as a PHP file returning its headers and `'body' => '…'` (a
 * single-quoted PHP string): the page is that string, unescaped. Other fixtures are the page itself.
 */
export function pageOf(path: string, bytes: Buffer): string {
  // A Portia spider keeps its templates' pages inside its JSON: `spider.json#templates/1` is the second.
  const template = /\.json#templates\/(\d+)$/.exec(path)?.[1];
  if (template) return (JSON.parse(bytes.toString('utf8')) as { templates: Array<{ original_body: string }> }).templates[Number(template)]!.original_body;
  if (path.endsWith('.gz')) return decodePage(gunzipSync(bytes));
  if (!path.endsWith('.php')) return decodePage(bytes);
  const text = bytes.toString('utf8');
  const start = text.indexOf("'body' => '");
  const end = text.lastIndexOf("'\n];");
  if (start < 0 || end < start) return '';
  return text.slice(start + "'body' => '".length, end).replace(/\\(['\\])/g, '$1');
}

export const EXPECTATIONS_FILE = new URL('./expectations.json', import.meta.url);
export const SPLIT_FILE = new URL('./split.json', import.meta.url);
export const PAGES_DIR = new URL('./pages/', import.meta.url);

export function readExpectations(): Record<string, Expectation> {
  return JSON.parse(readFileSync(EXPECTATIONS_FILE, 'utf8')) as Record<string, Expectation>;
}

/**
 * The split, made once and kept in split.json: a site is for testing when the first two
 * bytes of the SHA-256 of its registrable domain, read as a number, are below TEST_SHARE of 65,536.
 * Nobody chose a site's side, and a site never sits on both.
 */
export const TEST_SHARE = 0.45;
export function splitOf(site: string): Split {
  return createHash('sha256').update(site).digest().readUInt16BE(0) < TEST_SHARE * 65_536 ? 'test' : 'tune';
}

/** The labelled pages (their committed copies), each with its side of the split. */
export function loadCorpus(): { pages: RealPage[]; missing: string[] } {
  const expectations = readExpectations();
  const split = (JSON.parse(readFileSync(SPLIT_FILE, 'utf8')) as { sites: Record<string, Split> }).sites;
  const pages: RealPage[] = [];
  const missing: string[] = [];
  for (const [id, expectation] of Object.entries(expectations)) {
    const file = new URL(expectation.file, PAGES_DIR);
    if (!existsSync(file)) {
      missing.push(id);
      continue;
    }
    pages.push({
      id,
      ...expectation,
      html: new TextDecoder().decode(gunzipSync(readFileSync(file))),
      split: split[expectation.site] ?? splitOf(expectation.site),
    });
  }
  return { pages, missing };
}
