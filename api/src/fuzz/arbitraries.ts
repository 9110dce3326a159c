import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Inputs for the fuzz suite (api.test.ts): values made from a route's own zod schema (zod 4, read
 * through its public `_zod.def` introspection) that mostly get past the schema, mixed with garbage that
 * should not: wrong types, huge and deep values, odd unicode, missing fields.
 *
 * Strings also draw from `known`: ids of rows the fuzzed user owns (and rows they do not), their
 * username, email, password, URLs of the loopback image host, so calls get past "not found" into deeper
 * code. The schema cannot tell which string is an id (an `id` is a regex, a URL a refine), so every
 * string field sometimes gets one of them.
 */

interface Def {
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: hostile input of any shape is the point
  [key: string]: any;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Def[] => (def.checks ?? []).map((check: unknown) => defOf(check));

/** Strings that have broken parsers, databases and renderers before. */
export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800', // a lone high surrogate: not encodable as UTF-8
  '\uDFFFx\uD83D',
  '\u202Egnp.exe', // right-to-left override
  '\u2066\u2069\u200F\u200B\uFEFF',
  'e\u0301'.repeat(40),
  '👩‍👩‍👧‍👦'.repeat(20),
  '\u{10FFFF}\u{1F4A9}',
  'ﷺ'.repeat(30),
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '-9e15',
  '9'.repeat(400),
  '0x1F',
  '00000000000000000000000000000001',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '%00%2e%2e%2f',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text on purpose
  '${7*7}{{7*7}}',
  '-end-',
  'javascript:alert(1)',
  '//evil.example',
  '/\\evil.example',
  'http://127.0.0.1:1/',
  'http://[::1]/',
  'http://0x7f.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://fuzz.invalid/image.png',
  'a'.repeat(256),
  'a'.repeat(5000),
];

export const ODD_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  0.5,
  -9e15,
  9e15,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER - 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  2 ** 31,
  2 ** 53,
];

/** A value nested `depth` times in arrays (or objects): parsers that recurse meet their limits. */
const nested = (depth: number, inObject: boolean): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i += 1) value = inObject ? { a: value } : [value];
  return value;
};

/** Anything JSON can carry that a schema did not ask for. */
export function garbage(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.constantFrom<unknown>(null, true, false, 0, '', [], {}, [null], { '': null }), weight: 4 },
    { arbitrary: fc.constantFrom(...ODD_STRINGS), weight: 4 },
    { arbitrary: fc.constantFrom(...ODD_NUMBERS), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
    { arbitrary: fc.integer({ min: 1, max: 120 }).chain((d) => fc.boolean().map((o) => nested(d, o))), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
    { arbitrary: fc.integer({ min: 10_000, max: 90_000 }).map((n) => 'x'.repeat(n)), weight: 1 },
  );
}

export interface Known {
  /** Values worth trying in any string field: ids, names, URLs, the user's own email and password. */
  strings: readonly string[];
}

const pick = <T>(...arbs: Array<{ arbitrary: fc.Arbitrary<T>; weight: number }>) => fc.oneof(...arbs);

/**
 * Values for `schema`: mostly what it accepts, sometimes a boundary just outside it, sometimes garbage
 * at any depth. Transforms are generated from their input side (what the client sends).
 */
export function fromSchema(schema: unknown, known: Known, depth = 0, key = ''): fc.Arbitrary<unknown> {
  const valid = validFor(schema, known, depth, key);
  return pick({ arbitrary: valid, weight: 30 }, { arbitrary: garbage(), weight: 1 });
}

/** `key` is the field's name: the one hint the schema gives about emails and URLs. */
function validFor(schema: unknown, known: Known, depth: number, key = ''): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: unknown) => fromSchema(s, known, depth + 1, key);
  if (depth > 8) return garbage();
  switch (def.type) {
    case 'string':
      return stringFor(def, known, key);
    case 'number':
      return numberFor(def);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 5 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 5 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 5 });
    case 'pipe':
      return validFor(def.in, known, depth, key);
    case 'lazy':
      return validFor(def.getter(), known, depth + 1, key);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'intersection':
      return validFor(def.left, known, depth, key);
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(inner));
    case 'array': {
      const { min, max } = lengths(def);
      const element = inner(def.element);
      return pick(
        { arbitrary: fc.array(element, { minLength: min, maxLength: Math.min(max, min + 8), size: 'small' }), weight: 8 },
        // At the bound and one past it: the limits themselves are what a fuzzer should lean on.
        { arbitrary: fc.constantFrom(Math.min(max, 300), Math.min(max + 1, 301)).chain((n) => fc.array(element, { minLength: n, maxLength: n })), weight: 1 },
      );
    }
    case 'record':
      return fc.dictionary(stringFor(defOf(def.keyType).type === 'string' ? defOf(def.keyType) : { type: 'string' }, known, ''), inner(def.valueType), {
        maxKeys: 4,
      });
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(shape).map(([name, value]) => [name, fromSchema(value, known, depth + 1, name)]));
      // Optional fields are sometimes left out; required ones are always there (mutations drop them).
      const requiredKeys = Object.entries(shape)
        .filter(([, value]) => !['optional', 'default', 'prefault'].includes(defOf(value).type))
        .map(([field]) => field);
      const record = fc.record(fields, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
      return pick({ arbitrary: record, weight: 10 }, { arbitrary: mutated(record), weight: 1 });
    }
    default:
      // unknown, any, transform, custom, date, bigint ...: whatever JSON can hold.
      return garbage();
  }
}

/** An object with one key removed, or one unexpected key added. */
function mutated(record: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(record, fc.nat(), fc.constantFrom(...ODD_STRINGS.slice(0, 30)), garbage()).map(([value, n, extraKey, extra]) => {
    const keys = Object.keys(value);
    const copy = { ...value };
    if (keys.length && n % 2 === 0) delete copy[keys[n % keys.length]!];
    // An own property even for '__proto__', so JSON carries it to the server as JSON.parse would make it.
    else Object.defineProperty(copy, extraKey, { value: extra, enumerable: true, configurable: true, writable: true });
    return copy;
  });
}

function lengths(def: Def): { min: number; max: number } {
  let min = 0;
  let max = 40;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = check.minimum;
    if (check.check === 'max_length') max = check.maximum;
    if (check.check === 'length_equals') min = max = check.length;
  }
  return { min, max: Math.max(min, max) };
}

function stringFor(def: Def, known: Known, key: string): fc.Arbitrary<string> {
  const { min, max } = lengths(def);
  const pattern = checksOf(def).find((check) => check.check === 'string_format' && check.pattern instanceof RegExp)?.pattern as RegExp | undefined;
  const format = checksOf(def).find((check) => check.check === 'string_format')?.format as string | undefined;
  const email = format === 'email' || /email/i.test(key);
  // A URL field's check is a refine the schema cannot show; random text would never pass it, and a
  // generated URL could name a real host: URL fields take the world's (loopback or refused) URLs.
  const url = !pattern && /url|link/i.test(key);
  const plain = fc.string({ minLength: min, maxLength: Math.min(max, min + 30), unit: 'grapheme-composite' });
  // fast-check cannot match case-insensitively; the lowercase reading of such a pattern still matches.
  // The world's values this field could take: ids for an id, emails for an email, URLs for a URL.
  const fitting = known.strings.filter((value) => (pattern ? pattern.test(value) : email ? value.includes('@') : url ? /^https?:/.test(value) : true));
  const shaped = pattern
    ? fc.stringMatching(new RegExp(pattern.source, pattern.flags.replace(/[igmy]/g, '')))
    : email
      ? fc.emailAddress()
      : url && fitting.length
        ? fc.constantFrom(...fitting)
        : plain;
  const arbs: Array<{ arbitrary: fc.Arbitrary<string>; weight: number }> = [
    { arbitrary: shaped, weight: 5 },
    { arbitrary: fc.constantFrom(...ODD_STRINGS), weight: 1 },
    // At the length bound and one past it.
    { arbitrary: fc.constantFrom(Math.min(max, 70_000), Math.min(max + 1, 70_001)).map((n) => 'x'.repeat(n)), weight: 1 },
  ];
  // A patterned field (an id) is worth little with a random match: mostly the world's own ids.
  if (fitting.length) arbs.push({ arbitrary: fc.constantFrom(...fitting), weight: pattern ? 16 : 8 });
  return fc.oneof(...arbs);
}

function numberFor(def: Def): fc.Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  let integer = def.format === 'safeint' || def.format === 'int32';
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') min = check.value + (check.inclusive ? 0 : 1);
    if (check.check === 'less_than') max = check.value - (check.inclusive ? 0 : 1);
    if (check.check === 'number_format' && /int/.test(check.format)) integer = true;
  }
  const inRange = integer
    ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(
    { arbitrary: inRange, weight: 6 },
    { arbitrary: fc.constantFrom(min - 1, max + 1, min, max), weight: 1 },
    { arbitrary: fc.constantFrom(...ODD_NUMBERS), weight: 1 },
  );
}

/** The top level of an input: from the schema, or (now and then) not even the right shape. */
export function inputFor(schema: z.ZodType | undefined, known: Known): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.dictionary(fc.constantFrom(...ODD_STRINGS.slice(10, 40), 'id', 'email', 'board_id'), garbage(), { maxKeys: 4 }), garbage());
  return pick({ arbitrary: validFor(schema, known, 0), weight: 12 }, { arbitrary: garbage(), weight: 1 });
}
