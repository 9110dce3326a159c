import { createHash } from 'node:crypto';
import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema.js';

/**
 * Statements built and compiled once, run many times with new arguments. Kysely builds an operation
 * tree and compiles it to SQL on every call: measured at a fifth of a save's CPU on SQLite, twice what
 * SQLite spent running the statements. A hot statement is written as usual, against stand-in arguments;
 * its compiled SQL is kept, and each call only puts the real arguments where the stand-ins were.
 *
 * What the builder decides from an argument's value (a `null` compared with `is`, a column left out)
 * cannot be a stand-in: such a statement is one prepared per shape (see `shaped`).
 */

/** Marks a stand-in among a compiled statement's parameters: no real argument starts with a NUL. */
const STAND_IN = '\u0000prepared:';

/** The SQL texts prepared() has made, and the name each runs under on Postgres (connect.ts). */
const postgresNames = new Map<string, string>();

/**
 * The name a statement's text is prepared under on a Postgres connection, if it is one of prepared()'s:
 * Postgres then parses and plans it once per connection instead of at every call. Undefined for any
 * other text (a one-off statement is not worth a server-side slot on every connection).
 */
export function preparedStatementName(sqlText: string): string | undefined {
  return postgresNames.get(sqlText);
}

type Executor = Pick<Kysely<Database>, 'executeQuery'>;

/** Runs a compiled statement at once, past Kysely, or answers undefined when it may not now (connect.ts). */
export type DirectRunner = <T>(query: CompiledQuery<T>) => QueryResult<T> | undefined;

/** The direct runner of each database that has one (SQLite's, registered by connect.ts as it opens it). */
const directRunners = new WeakMap<Executor, DirectRunner>();

/**
 * Lets the statements made for `db` run on `direct` rather than through Kysely's executor when they run on
 * the database itself. The connection registers itself here, so this module needs nothing of connect.ts.
 */
export function runDirectly(db: Executor, direct: DirectRunner): void {
  directRunners.set(db, direct);
}

export interface PreparedQuery<A, O> {
  /** Runs the statement with these arguments, on `on` (a transaction) or else the database it was made for. */
  execute(args: A, on?: Executor): Promise<QueryResult<O>>;
  /** The statement with these arguments, to run later (with others that commit together: db/together.ts). */
  bind(args: A): CompiledQuery<O>;
  /** The first row, or undefined. */
  takeFirst(args: A, on?: Executor): Promise<O | undefined>;
}

/**
 * A statement compiled at its first call and reused. `build` receives the arguments as stand-ins and
 * must only place them in the statement (values compared, inserted or set), never look at them.
 * `label` names it in errors and in its Postgres statement name.
 */
export function prepared<A extends object, O>(label: string, build: (args: A) => Compilable<O>, db: Executor): PreparedQuery<A, O> {
  let template: { compiled: CompiledQuery<O>; slots: Array<keyof A | undefined> } | undefined;

  const compile = () => {
    const used = new Set<keyof A>();
    const standIns = new Proxy({} as A, {
      get: (_, key) => {
        used.add(key as keyof A);
        return `${STAND_IN}${String(key)}`;
      },
    });
    const compiled = build(standIns).compile();
    const slots = compiled.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(STAND_IN) ? (value.slice(STAND_IN.length) as keyof A) : undefined,
    );
    // A stand-in written into the SQL text, or read but not bound, was looked at or inlined: the reused
    // statement would not follow its real value.
    const lost = [...used].filter((key) => !slots.includes(key));
    if (compiled.sql.includes(STAND_IN) || lost.length)
      throw new Error(`prepared ${label}: ${lost.map(String).join(', ') || 'an argument'} is not a bound parameter`);
    if (!postgresNames.has(compiled.sql)) {
      postgresNames.set(compiled.sql, `cb_${label.replace(/\W+/g, '_').slice(0, 30)}_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 12)}`);
    }
    return { compiled, slots };
  };

  const bind = (args: A): CompiledQuery<O> => {
    template ??= compile();
    const { compiled, slots } = template;
    const parameters = compiled.parameters.map((value, i) => {
      const slot = slots[i];
      return slot === undefined ? value : args[slot];
    });
    // A fresh query id: it is what plugins key their per-query state by.
    return { ...compiled, queryId: createQueryId(), parameters };
  };
  // On SQLite, a statement run on the database itself (not a transaction's) runs at once, past Kysely's
  // executor: its steps were most of what a hot read cost beyond SQLite's own work (connect.ts `direct`).
  // Not async functions: a read that ran at once answers with one settled promise, not a chain of them
  // (each a promise and a turn of the microtask queue more per statement); an error is still a rejection.
  let direct: DirectRunner | null | undefined;
  const run = (args: A, on: Executor): QueryResult<O> | Promise<QueryResult<O>> => {
    const query = bind(args);
    if (on === db) {
      direct ??= directRunners.get(db) ?? null;
      const done = direct?.(query);
      if (done) return done;
    }
    return on.executeQuery<O>(query);
  };
  const execute = (args: A, on: Executor = db): Promise<QueryResult<O>> => {
    try {
      return Promise.resolve(run(args, on));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const first = (result: QueryResult<O>) => result.rows[0];

  return {
    execute,
    bind,
    takeFirst: (args, on = db) => {
      try {
        const result = run(args, on);
        return result instanceof Promise ? result.then(first) : Promise.resolve(first(result));
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
}

/**
 * prepared() for a statement with a few shapes (a null compared with `is`, a column left out): one
 * prepared statement per shape. `shapeOf` says what the builder decides from the arguments (booleans,
 * column names: never a value to bind), and `build` gets that shape beside the stand-ins.
 */
export function shaped<A extends object, S, O>(
  label: string,
  shapeOf: (args: A) => S,
  build: (args: A, shape: S) => Compilable<O>,
  db: Executor,
): PreparedQuery<A, O> {
  const byShape = new Map<string, PreparedQuery<A, O>>();
  const of = (args: A) => {
    const shape = shapeOf(args);
    const key = JSON.stringify(shape);
    let query = byShape.get(key);
    if (!query) {
      query = prepared<A, O>(label, (standIns) => build(standIns, shape), db);
      byShape.set(key, query);
    }
    return query;
  };
  return {
    execute: (args, on) => of(args).execute(args, on),
    bind: (args) => of(args).bind(args),
    takeFirst: (args, on) => of(args).takeFirst(args, on),
  };
}
