import { createReadStream } from 'node:fs';
import { Readable, pipeline } from 'node:stream';
import parser from 'stream-json';
import pick from 'stream-json/filters/pick.js';
import streamValues from 'stream-json/streamers/stream-values.js';
import { ApiError } from '../lib/errors.js';
import { IMPORT_READ_BUDGET_MS, IMPORT_READ_CHUNK } from './rules.js';

/**
 * How an importer reads a person's file: as a stream of small pieces (IMPORT_READ_CHUNK), each parsed
 * before the next is read, so the server's other requests are answered between any two; never the whole
 * file in memory nor in one synchronous piece.
 */

/** A file to read, opened afresh for each pass over it. */
export type Source = () => Readable;

export const fileSource =
  (path: string): Source =>
  () =>
    createReadStream(path, { highWaterMark: IMPORT_READ_CHUNK });

/** A file held in memory, cut into the same small pieces (the parsers' tests). */
export const textSource =
  (text: string | Buffer): Source =>
  () => {
    const bytes = Buffer.from(text);
    return Readable.from(
      (function* () {
        for (let at = 0; at < bytes.length; at += IMPORT_READ_CHUNK) yield bytes.subarray(at, at + IMPORT_READ_CHUNK);
      })(),
    );
  };

/**
 * The time one import's read may take (IMPORT_READ_BUDGET_MS): `check()` refuses past it, with the code
 * the person sees on the import's status. Measured on the real clock: it bounds the work, not a schedule.
 */
export function readBudget(ms = IMPORT_READ_BUDGET_MS) {
  const deadline = performance.now() + ms;
  return {
    check() {
      if (performance.now() > deadline)
        throw new ApiError('import_too_large', `Reading this file took longer than one import may (${Math.round(ms / 1000)} s). Split it into smaller files.`);
    },
  };
}
export type ReadBudget = ReturnType<typeof readBudget>;

/**
 * The JSON values at the paths `filter` matches (stream-json's path: keys and indexes joined by dots,
 * `boards.3`), each assembled alone as the tokens stream by: a list of a million items is never one
 * value in memory. Invalid JSON is refused with `invalid` as its detail.
 */
export async function* jsonValues(source: Readable, filter: RegExp, invalid: string): AsyncGenerator<unknown> {
  const values = pipeline(source, parser(), pick.asStream({ filter }), streamValues.asStream(), () => undefined);
  try {
    for await (const item of values) yield (item as { value: unknown }).value;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('import_invalid', invalid);
  } finally {
    values.destroy();
    source.destroy();
  }
}
