import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isFresh } from './start.mjs';

/** A build's record and outputs, dated: the record at 1000 s, everything else as told. */
function project(files: Record<string, number>, inputs = Object.keys(files).filter((f) => f.startsWith('src/'))) {
  const root = mkdtempSync(join(tmpdir(), 'corkboard-fresh-'));
  roots.push(root);
  const write = (path: string, seconds: number, text = '') => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
    utimesSync(join(root, path), seconds, seconds);
  };
  for (const [path, seconds] of Object.entries(files)) write(path, seconds);
  write('dist/.inputs.json', 1000, JSON.stringify({ inputs }));
  return { root, touch: (path: string, seconds: number) => write(path, seconds) };
}
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const BUILD = { record: 'dist/.inputs.json', outputs: ['dist/app.js'] };

describe('npm start: is the build current?', () => {
  it('skips the build when every output exists and no input is newer than the record', () => {
    const { root } = project({ 'src/a.ts': 900, 'src/b.ts': 1000, 'dist/app.js': 1000 });
    expect(isFresh(root, BUILD)).toBe(true);
  });

  it('builds when a source changed after the last build', () => {
    const p = project({ 'src/a.ts': 900, 'src/b.ts': 900, 'dist/app.js': 1000 });
    p.touch('src/b.ts', 1001);
    expect(isFresh(p.root, BUILD)).toBe(false);
  });

  it('builds on a fresh clone: no record, no outputs', () => {
    const root = mkdtempSync(join(tmpdir(), 'corkboard-fresh-'));
    roots.push(root);
    expect(isFresh(root, BUILD)).toBe(false);
  });

  it('builds when an output is missing, or an input was deleted, or the record lists nothing', () => {
    expect(isFresh(project({ 'src/a.ts': 900 }).root, BUILD)).toBe(false);
    expect(isFresh(project({ 'src/a.ts': 900, 'dist/app.js': 1000 }, ['src/a.ts', 'src/gone.ts']).root, BUILD)).toBe(false);
    expect(isFresh(project({ 'src/a.ts': 900, 'dist/app.js': 1000 }, []).root, BUILD)).toBe(false);
  });
});
