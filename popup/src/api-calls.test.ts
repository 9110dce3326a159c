import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app and the extension call the API through one typed client (popup/src/api.ts): a call names
 * the resource and action, or the route, and its options and answer are inferred from the server's own
 * registry and route table (api/src/resources.contract.ts, api/src/routes.contract.ts). A call that names
 * its answer type (`getResource<PinData>(…)`) would say what the caller hopes for instead of what the
 * server sends, and an envelope read by hand would be a second decoder: both fail here, with the place.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WALKED = ['popup/src', 'extension/src'];
/** A call of the client's own functions, or of the helpers that pass a resource through to it (their definitions aside). */
const NAMES_ITS_ANSWER = /(?<!function\s+)\b(getResource|readResource|postResource|loadPage|v3|useData|usePaged)\s*</;
const ENVELOPE = /resource_response/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Each match as `file:line: text`, so a failure says where to look. */
function offences(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

const sources = WALKED.flatMap((dir) => walk(join(ROOT, dir)));
// Tests play the server (they build envelopes and fake answers); the client's own file defines the functions.
const callers = sources.filter((file) => !/\.test\.tsx?$/.test(file) && !file.endsWith('popup/src/api.ts'));

describe('calls through the typed client', () => {
  it('walks the web app and the extension', () => {
    expect(callers.some((file) => file.endsWith('popup/src/save/PinCreate.tsx'))).toBe(true);
    expect(callers.some((file) => file.includes('/extension/src/'))).toBe(true);
  });

  it('never name their answer type', () => {
    const checked = sources.filter((file) => !file.endsWith('popup/src/api.ts') && !file.endsWith('popup/src/api-calls.test.ts'));
    expect(offences(checked, NAMES_ITS_ANSWER)).toEqual([]);
  });

  it('leave the envelope to the one decoder (api/src/lib/envelope.client.ts)', () => {
    expect(offences(callers, ENVELOPE)).toEqual([]);
  });

  it('would catch a call that names its answer, and a hand-read envelope', () => {
    expect('const pin = await getResource<PinData>("PinResource", { id });').toMatch(NAMES_ITS_ANSWER);
    expect("v3<{ is_valid: boolean }>('/v3/email/validation/')").toMatch(NAMES_ITS_ANSWER);
    expect('json.resource_response?.data').toMatch(ENVELOPE);
    expect('export function getResource<N extends ReadableResource>(name: N)').not.toMatch(NAMES_ITS_ANSWER);
  });
});
