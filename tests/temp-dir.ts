import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Global setup of the unit and e2e runs: every temporary file of a run in one folder of its own, removed when
 * the run ends. Tests make media folders, databases, fixtures and browser profiles under os.tmpdir(), and
 * one run left hundreds of `corkboard-media-*` folders behind. The workers inherit TMPDIR, which
 * os.tmpdir() reads at each call, so a test's own clean-up can stay what it is.
 */
export default function scopeTemporaryFiles(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'corkboard-test-run-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(dir, { recursive: true, force: true });
  };
}
