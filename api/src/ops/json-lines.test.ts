import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../lib/paths.js';

/** The files the server is made of: what esbuild bundles from its entry (api/start.mjs builds the same). */
async function serverFiles(): Promise<string[]> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['api/src/server.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/'));
}

describe('every log line is JSON', () => {
  it('no file of the server writes to the console: its lines go through the JSON log (core/log.ts)', async () => {
    const files = await serverFiles();
    expect(files).toContain('api/src/server.ts');
    const writers = files.filter((file) => /\bconsole\.(log|error|warn|info|debug|trace)\s*\(/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(writers).toEqual([]);
  });

  it('an uncaught exception is logged as one JSON line, and ends the process', async () => {
    // The crash handler of the server, in a process of its own that then throws.
    const code = `import { logCrashes } from './api/src/ops/crashes.ts'; logCrashes('info'); setTimeout(() => { throw new Error('the disk caught fire'); }, 0);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exitCode = await new Promise((resolve) => child.once('exit', resolve));
    expect(exitCode).toBe(1);
    expect(stderr).toBe('');
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 60, msg: 'uncaught exception: the process ends', err: { type: 'Error', message: 'the disk caught fire' } });
    expect(lines[0]!.err.stack).toContain('the disk caught fire');
  }, 30_000);
});
