import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app's shape: no module of popup/src imports itself back through others (a circle
 * makes the order modules run in an accident, and the areas one lump), and no file grows past 400 lines
 * (break it by what it does); words (locales/, messages.ts, en.ts) are data and may run long.
 */
const SOURCE = fileURLToPath(new URL('./src/', import.meta.url));
const MAX_LINES = 400;
const isData = (file: string) => /(^|\/)(locales\/|messages\.ts$|en\.ts$)/.test(file);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = walk(SOURCE);
const known = new Set(files);
/** A relative specifier to the file it names (extensionless, or a folder's index). */
function target(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) => known.has(path));
}

/** Imports that run, not `import type`: what a bundle holds. */
const RUNS = /^\s*(?:import|export)\s(?!type\s)[^;]*?\sfrom\s+['"]([^'"]+)['"]/gm;

/** Static imports and re-exports, type-only ones too: a circle of types still ties two areas into one. */
const STATIC = /^\s*(?:import|export)\s[^;]*?\sfrom\s+['"](\.{1,2}\/[^'"]+)['"]/gm;
const graph = new Map(
  files.map((file) => [file, [...readFileSync(file, 'utf8').matchAll(STATIC)].map((m) => target(file, m[1]!)).filter((t): t is string => !!t)]),
);

/** Strongly connected components of more than one module (or a module importing itself): Tarjan's. */
function circles(edges: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges.get(node)?.includes(node)) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('popup/src', () => {
  it('finds a circle when there is one (the check checks)', () => {
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('has no import circles', () => {
    expect(circles(graph).map((component) => component.map((file) => relative(SOURCE, file)))).toEqual([]);
  });

  it('has no file over 400 lines but words', () => {
    const long = files
      .filter((file) => !isData(relative(SOURCE, file)))
      .map((file) => ({ file: relative(SOURCE, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }));
    expect(long.filter(({ lines }) => lines > MAX_LINES)).toEqual([]);
  });

  it("loads none of the API's validators: what it takes of api/src at run time never reaches zod", () => {
    // A value import of a contract would put zod (90 KB) in front of every page that draws a menu or a list.
    const API = fileURLToPath(new URL('../api/src/', import.meta.url));
    const apiFile = (from: string, specifier: string) => {
      const path = resolve(dirname(from), specifier).replace(/\.js$/, '');
      return [`${path}.ts`, `${path}.tsx`].find((candidate) => candidate.startsWith(API) && statSync(candidate, { throwIfNoEntry: false }));
    };
    const reached = new Map<string, string>();
    const follow = (file: string, via: string) => {
      if (reached.has(file)) return;
      reached.set(file, via);
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(RUNS))
        if (specifier!.startsWith('.')) {
          const next = apiFile(file, specifier!);
          if (next) follow(next, via);
        }
    };
    for (const file of files.filter((name) => !/\.test\.tsx?$/.test(name)))
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(RUNS)) {
        const next = specifier!.startsWith('.') ? apiFile(file, specifier!) : undefined;
        if (next) follow(next, relative(SOURCE, file));
      }
    const withZod = [...reached].filter(([file]) => /from\s+['"]zod['"]/.test(readFileSync(file, 'utf8')));
    expect(withZod.map(([file, via]) => `${relative(API, file)} (from ${via})`)).toEqual([]);
  });

  it("keeps out of the save popup's first chunk what its first drawing does not show (save/parts.ts loads them)", () => {
    const runs = (file: string) => [...readFileSync(file, 'utf8').matchAll(RUNS)].map((m) => target(file, m[1]!)).filter((t): t is string => !!t);
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const next of runs(file)) visit(next);
    };
    visit(join(SOURCE, 'save-main.tsx'));
    const later = [
      'auth/AuthModal.tsx',
      'save/SaveSuccess.tsx',
      'save/MobileSaved.tsx',
      'save/NoImageFound.tsx',
      'save/picker/CreateBoardForm.tsx',
      'save/picker/CreateSectionForm.tsx',
    ];
    expect(later.filter((file) => reached.has(join(SOURCE, file)))).toEqual([]);
    // The picker itself is in it.
    expect(reached.has(join(SOURCE, 'save/picker/BoardPicker.tsx'))).toBe(true);
  });

  it('keeps at its root only main, App and shared pieces', () => {
    const pages = readdirSync(SOURCE).filter((name) => /Page\.tsx$/.test(name));
    expect(pages).toEqual([]);
  });
});
