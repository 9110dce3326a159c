import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/**
 * Issue 17: real saved pages that nobody here wrote, read at run time from the test fixtures of open
 * extractors (brought onto this machine as bare git mirrors under MIRRORS by the search tool's
 * `fetch`). The pages are not committed: their text belongs to their publishers. What is committed is
 * where each page lives and the image its publisher meant as the main one (expectations.json,
 * labelled by the rule in docs/decisions.md 'Real pages: the image finders on pages nobody here wrote').
 */
export const MIRRORS = process.env.REALPAGES_MIRRORS ?? '/work/.mirror';

export type Category = 'news' | 'blog' | 'shop' | 'recipe' | 'video' | 'non-English';
export const CATEGORIES: Category[] = ['news', 'blog', 'shop', 'recipe', 'video', 'non-English'];

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
}

export interface RealPage extends Expectation {
  id: string;
  html: string;
}

/** One source repository: its fixtures and the address each was saved from. */
export interface Source {
  repo: string;
  /** The saved pages, by path in the repository. */
  pages(git: Git): Array<{ path: string; commit?: string; url?: string; extra?: Record<string, unknown> }>;
}

export interface Git {
  list(prefix: string, commit?: string): string[];
  show(path: string, commit?: string): Buffer;
}

export function gitDir(repo: string): string {
  return `${MIRRORS}/${repo.replace('/', '+')}/repo`;
}

export function openMirror(repo: string): Git | null {
  const dir = gitDir(repo);
  if (!existsSync(dir)) return null;
  const git = (...args: string[]) => execFileSync('git', [`--git-dir=${dir}`, ...args], { maxBuffer: 64 * 1024 * 1024 });
  return {
    list: (prefix, commit = 'HEAD') => git('ls-tree', '-r', '-z', '--name-only', commit, '--', prefix).toString('utf8').split('\0').filter(Boolean),
    show: (path, commit = 'HEAD') => git('show', `${commit}:${path}`),
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
  if (!path.endsWith('.php')) return decodePage(bytes);
  const text = bytes.toString('utf8');
  const start = text.indexOf("'body' => '");
  const end = text.lastIndexOf("'\n];");
  if (start < 0 || end < start) return '';
  return text.slice(start + "'body' => '".length, end).replace(/\\(['\\])/g, '$1');
}

export const EXPECTATIONS_FILE = new URL('./expectations.json', import.meta.url);

export function readExpectations(): Record<string, Expectation> {
  return JSON.parse(readFileSync(EXPECTATIONS_FILE, 'utf8')) as Record<string, Expectation>;
}

/** The labelled pages whose mirror is on this machine, and the repositories that are not (the reason to skip). */
export function loadCorpus(): { pages: RealPage[]; missing: string[] } {
  const expectations = readExpectations();
  const mirrors = new Map<string, Git | null>();
  const pages: RealPage[] = [];
  const missing = new Set<string>();
  for (const [id, expectation] of Object.entries(expectations)) {
    if (!mirrors.has(expectation.repo)) mirrors.set(expectation.repo, openMirror(expectation.repo));
    const git = mirrors.get(expectation.repo);
    if (!git) {
      missing.add(expectation.repo);
      continue;
    }
    try {
      pages.push({ id, ...expectation, html: pageOf(expectation.path, git.show(expectation.path.split('#')[0]!, expectation.commit)) });
    } catch {
      missing.add(`${expectation.repo}:${expectation.path}`);
    }
  }
  return { pages, missing: [...missing] };
}
