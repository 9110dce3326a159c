import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './errors.js';
import { nulPath, parse } from './validation.js';

describe('parse', () => {
  const schema = z.object({ name: z.string(), tags: z.array(z.string()).default([]), extra: z.unknown().optional() });

  it('refuses a NUL anywhere in the parsed value, naming the field (Postgres cannot hold one)', () => {
    for (const [input, detail] of [
      [{ name: 'a\u0000b' }, 'name: Must not contain a NUL character.'],
      [{ name: 'ok', tags: ['x', '\u0000'] }, 'tags.1: Must not contain a NUL character.'],
      [{ name: 'ok', extra: { deep: [{ '\u0000': 1 }] } }, 'extra.deep.0.\u0000: Must not contain a NUL character.'],
    ] as const) {
      const error = (() => {
        try {
          parse(schema, input);
        } catch (caught) {
          return caught;
        }
      })() as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.errorName).toBe('invalid_input');
      expect(error.detail).toBe(detail);
    }
    expect(() => parse(z.string(), '\u0000')).toThrow(ApiError);
  });

  it('keeps every other character, and walks values nested far deeper than a stack would allow', () => {
    expect(parse(schema, { name: 'é 👩‍👩‍👧 \u202e' })).toEqual({ name: 'é 👩‍👩‍👧 \u202e', tags: [] });
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`);
    expect(nulPath(deep)).toBe(`${Array(100_000).fill('0').join('.')}`);
    expect(nulPath(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBeNull();
  });

  it('never walks the bytes a transform made: a 16 MB image is data, not text (walked, it took minutes)', () => {
    const bytes = Buffer.alloc(16 * 1024 * 1024);
    const schema = z.object({ image: z.string().transform(() => bytes) });
    expect(parse(schema, { image: 'AAAA' }).image).toBe(bytes);
    expect(nulPath({ image: new Uint8Array(8), name: 'a\u0000' })).toBe('name');
  });
});
