import { z } from 'zod';
import { ApiError } from './errors.js';

/** Parses input at an edge; bad input becomes a 400 that names each field and what is wrong with it. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ApiError('invalid_input', describeIssues(result.error.issues));
}

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
