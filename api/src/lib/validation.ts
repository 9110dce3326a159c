import { z } from 'zod';
import { ApiError } from './errors.js';

/** Parses input at an edge; bad input becomes a 400 that names each field and what is wrong with it. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError('invalid_input', describeIssues(result.error.issues));
  const nul = nulPath(result.data);
  if (nul !== null) throw new ApiError('invalid_input', `${nul ? `${nul}: ` : ''}Must not contain a NUL character.`);
  return result.data;
}

/**
 * Where a parsed value holds a NUL character (U+0000), as a field path, or null. No field of ours
 * means one, and Postgres refuses it in any text, even in a lookup: found by the fuzz suite as a 500
 * on a log-in, a board name and a typeahead term. Walked with a stack, not recursion, because a
 * `z.unknown()` field may hold JSON nested thousands deep.
 */
export function nulPath(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
    } else if (item !== null && typeof item === 'object' && !isBinary(item)) {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * Bytes a transform made (a save's decoded image_base64) are not text: a NUL in them is data. Walked as an
 * object, a 5 MB Buffer cost 11 s and 1.3 GB of heap (one entry and one path string per byte).
 */
const isBinary = (value: object) => ArrayBuffer.isView(value) || value instanceof ArrayBuffer;

export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** An absolute http(s) URL: the only kind a pin's link or image may be. */
export const httpUrl = z
  .string()
  .trim()
  .max(2048, 'Must be at most 2048 characters.')
  .refine((value) => {
    try {
      const { protocol } = new URL(value);
      return protocol === 'http:' || protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Must be an http or https URL.');

/** Ids are the 18-digit decimal strings of lib/ids.ts; anything else cannot name a row. */
export const id = z.string().regex(/^\d{1,20}$/, 'Must be an id.');
