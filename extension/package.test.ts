import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * Issue 31: the built extension (npm run build: dist/extension/ and dist/corkboard-extension.zip) as a
 * store would take it: Mozilla's own linter finds no error in it, and the zip holds exactly the folder.
 */
const DIR = 'dist/extension';
const ZIP = 'dist/corkboard-extension.zip';
const built = existsSync(join(DIR, 'manifest.json'));

const filesOf = (dir: string, prefix = ''): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesOf(join(dir, name), `${prefix}${name}/`) : [`${prefix}${name}`]));

/** The zip's entries, read back from its central directory and inflated. */
function unzip(bytes: Buffer): Map<string, Buffer> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extra = bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    entries.set(name, inflateRawSync(bytes.subarray(start, start + size)));
    at += 46 + nameLength + extra;
  }
  return entries;
}

describe.skipIf(!built)('the built extension', () => {
  it('passes web-ext lint with no error, and warns only that Firefox ignores the service worker it does not need', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['node_modules/web-ext/bin/web-ext.js', 'lint', '--source-dir', DIR, '--output', 'json', '--no-input'],
      { maxBuffer: 8 << 20 },
    ).catch((e: { stdout: string }) => e);
    const report = JSON.parse(stdout) as { errors: Array<{ code: string; message: string }>; warnings: Array<{ code: string }> };
    expect(report.errors).toEqual([]);
    expect(report.warnings.map((w) => w.code)).toEqual(['BACKGROUND_SERVICE_WORKER_IGNORED']);
  }, 60_000);

  it('asks for no more than activeTab, scripting, contextMenus and storage; host access only as optional', () => {
    const manifest = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8'));
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions).toEqual(['activeTab', 'scripting', 'contextMenus', 'storage']);
    expect(manifest.host_permissions).toBeUndefined();
    expect(manifest.content_scripts).toBeUndefined();
    expect(manifest.optional_host_permissions).toEqual(['http://*/*', 'https://*/*']);
    expect(manifest.content_security_policy.extension_pages).toContain("script-src 'self'");
    expect(manifest.background).toEqual({ service_worker: 'background.js', scripts: ['background.js'] });
  });

  it('loads no remote code: no script from another origin in its pages, no eval in its scripts', () => {
    for (const file of filesOf(DIR)) {
      const text = readFileSync(join(DIR, file), 'utf8');
      if (file.endsWith('.html'))
        expect([...text.matchAll(/<script[^>]*src="([^"]*)"/g)].map((m) => m[1]).every((src) => !/^[a-z]+:|^\/\//i.test(src ?? ''))).toBe(true);
      if (file.endsWith('.js')) expect(text).not.toMatch(/\beval\(|new Function\(|importScripts\(/);
    }
  });

  it('the zip holds exactly the folder, byte for byte', () => {
    const entries = unzip(readFileSync(ZIP));
    expect([...entries.keys()].sort()).toEqual(filesOf(DIR).sort());
    for (const [name, data] of entries) expect(data.equals(readFileSync(join(DIR, name))), name).toBe(true);
  });
});
