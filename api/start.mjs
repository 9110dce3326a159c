// @ts-check
/**
 * `npm start`: build what is out of date, then run the compiled server.
 *
 * Plain JavaScript so it runs before anything is compiled. Two builds, each skipped when fresh:
 *   - the browser files (rollup.config.mjs → dist/js, dist/css), which record the files they were
 *     made from in dist/.build-inputs.json;
 *   - the server (api/src/server.ts and what it imports, examples/server.ts among them) compiled by
 *     esbuild to dist/server/server.js, its inputs recorded in dist/server/.build-inputs.json.
 * A build is fresh when its outputs exist and none of its recorded inputs is newer than the record
 * (written last), so a fresh clone builds on its first start and a restart without edits builds nothing.
 *
 *   node api/start.mjs           build what is stale, then run the server
 *   node api/start.mjs --build   build both, unconditionally, and exit (npm run build)
 *   node api/start.mjs --stale   build what is stale and exit (npm run bench)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export const CLIENT = {
  record: 'dist/.build-inputs.json',
  outputs: ['dist/manifest.json', 'dist/js/pinit.js', 'dist/js/bookmarklet.js', 'dist/esm/index.js', 'dist/extension/manifest.json'],
};
export const SERVER = {
  record: 'dist/server/.build-inputs.json',
  outputs: ['dist/server/server.js'],
};

/**
 * Whether a build's outputs are current: the record and every output exist, and every input it lists
 * exists and is no newer than the record. A missing or unreadable file means "build".
 * @param {string} root
 * @param {{ record: string, outputs: string[] }} build
 * @returns {boolean}
 */
export function isFresh(root, build) {
  try {
    const recordedAt = statSync(join(root, build.record)).mtimeMs;
    for (const output of build.outputs) statSync(join(root, output));
    const { inputs } = JSON.parse(readFileSync(join(root, build.record), 'utf8'));
    if (!Array.isArray(inputs) || inputs.length === 0) return false;
    return inputs.every((input) => statSync(join(root, input)).mtimeMs <= recordedAt);
  } catch {
    return false;
  }
}

/** The browser files, by the project's rollup config. */
export function buildClient() {
  const rollup = join(ROOT, 'node_modules/rollup/dist/bin/rollup');
  const { status } = spawnSync(process.execPath, [rollup, '-c', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (status !== 0) throw new Error('The browser build failed (rollup -c).');
}

/** The server: one ES module, the packages left to node_modules, with a source map for stack traces. */
export async function buildServer() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['api/src/server.ts'],
    outfile: 'dist/server/server.js',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => relative(ROOT, join(ROOT, input)));
  mkdirSync(join(ROOT, 'dist/server'), { recursive: true });
  writeFileSync(join(ROOT, SERVER.record), `${JSON.stringify({ inputs: [...inputs, 'package-lock.json', 'api/start.mjs'].sort() })}\n`);
}

/**
 * A line of the log as the server writes it (pino's JSON: level 30 info, 60 fatal), for what is said before the
 * server runs: every line of a process's output is JSON.
 * @param {number} level
 * @param {string} msg
 */
function say(level, msg) {
  (level >= 50 ? process.stderr : process.stdout).write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, msg })}\n`);
}

async function main() {
  const force = process.argv.includes('--build');
  const onlyBuild = force || process.argv.includes('--stale');
  const started = performance.now();
  let built = false;
  if (force || !isFresh(ROOT, CLIENT)) {
    say(30, 'Building the browser files…');
    buildClient();
    built = true;
  }
  if (force || !isFresh(ROOT, SERVER)) {
    say(30, 'Compiling the server…');
    await buildServer();
    built = true;
  }
  if (onlyBuild) return;
  if (built) say(30, `Built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(join(ROOT, 'dist/server/server.js')).href);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    say(60, error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
