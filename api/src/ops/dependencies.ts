import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import { driverOf } from '../db/connect.js';
import { mediaReachable } from './media.js';
import { dependencyOf } from '../lib/dependencies.js';

/**
 * What a server process depends on, in one list: how each is asked whether it answers, and whether the host
 * can serve without it. GET /ready (ops/probes.ts) and the `corkboard_dependency_state` metric read it.
 *
 * - An essential dependency (the database) down or full: the host cannot serve, /ready answers 503.
 * - Any other (Redis, the media store for reads) down or full: the host serves degraded, /ready stays 200 and
 *   names it in `degraded`.
 *
 * A state is learnt two ways. A dependency's `check` asks it (run at most once per CHECK_FRESH_MS, shared by
 * the probes that arrive meanwhile, CHECK_TIMEOUT_MS to answer). And the code that meets a dependency's fault
 * while serving tells it with `dependencyHealth(deps).report(name, state)`: that state stands for
 * REPORT_HOLD_MS after the last report, whatever the checks say (a check cannot see every fault: a Postgres
 * disk is full only for a write).
 */
export type DependencyState = 'ok' | 'down' | 'full' | 'not configured';

export interface Dependency {
  /** The host cannot serve without it. */
  essential: boolean;
  /**
   * Asks the dependency now: resolves its state (`ok` when it answers nothing more), rejects when it does not
   * answer. Undefined when this deployment has none (no REDIS_URL): `not configured`.
   */
  check(deps: Pick<Deps, 'db' | 'redis' | 'config'>): (() => Promise<DependencyState | undefined>) | undefined;
}

/** Below this much free space the SQLite file's disk counts as full: a save would fail on it. */
export const SQLITE_FREE_BYTES_MIN = 1024 * 1024;

/** The database: asked `select 1`; a SQLite file is full when it reached max_page_count or its disk has no room. */
async function databaseState(db: Deps['db']): Promise<DependencyState> {
  await sql`select 1`.execute(db);
  const driver = driverOf(db);
  if (driver?.kind !== 'sqlite' || driver.database.memory) return 'ok';
  const pages = driver.database.pragma('page_count', { simple: true }) as number;
  const max = driver.database.pragma('max_page_count', { simple: true }) as number;
  if (pages >= max) return 'full';
  const disk = await statfs(dirname(driver.database.name));
  return disk.bavail * disk.bsize < SQLITE_FREE_BYTES_MIN ? 'full' : 'ok';
}

/** The list. A new dependency (or a new way to learn a state of one) is added here; /ready and /metrics follow. */
export const DEPENDENCIES = {
  database: { essential: true, check: (deps) => () => databaseState(deps.db) },
  redis: { essential: false, check: (deps) => (deps.redis ? () => deps.redis!.ping().then(() => 'ok' as const) : undefined) },
  // A media directory short of room answers its check with a disk error (lib/dependencies.ts): that is 'full', not 'down'.
  media: {
    essential: false,
    check: (deps) => () =>
      mediaReachable(deps.config)
        .then(() => undefined)
        .catch((error) => (dependencyOf(error) === 'disk' ? ('full' as const) : Promise.reject(error))),
  },
} satisfies Record<string, Dependency>;

export type DependencyName = keyof typeof DEPENDENCIES;
export type DependencyStates = Record<DependencyName, DependencyState>;

/** A check's answer is kept this long: probes and scrapes under load do not each ask the database again. */
export const CHECK_FRESH_MS = 1000;
/** A check slower than this failed. Generous: a database slow under load still answers, and is not down. */
export const CHECK_TIMEOUT_MS = 5000;
/** A dependency that answered before is down only after this many failed checks in a row: one slow answer is not an outage. */
export const FAILURES_FOR_DOWN = 2;
/** How long a state reported by the code that met it stands after its last report. */
export const REPORT_HOLD_MS = 10_000;

interface Tracked {
  state: DependencyState | undefined;
  failures: number;
  checkedAt: number;
  running?: Promise<DependencyState>;
  reported?: { state: DependencyState; at: number };
}

export interface DependencyHealth {
  /** Each dependency's state now (checks run when their last answer is older than CHECK_FRESH_MS). */
  states(): Promise<DependencyStates>;
  /** Tells a state met while serving (a full disk, a lost connection): it stands for REPORT_HOLD_MS after the last report. */
  report(name: DependencyName, state: DependencyState): void;
}

const within = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    work.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });

/** A health of its own on a clock of the caller's (tests); the app's is dependencyHealth(deps). */
export function dependencyHealthAt(deps: Pick<Deps, 'db' | 'redis' | 'config'>, now: () => number): DependencyHealth {
  const tracked = new Map<DependencyName, Tracked>();
  const names = Object.keys(DEPENDENCIES) as DependencyName[];
  for (const name of names) tracked.set(name, { state: undefined, failures: 0, checkedAt: -Infinity });

  const checked = (name: DependencyName): Promise<DependencyState> => {
    const entry = tracked.get(name)!;
    if (entry.running) return entry.running;
    if (entry.state !== undefined && now() - entry.checkedAt < CHECK_FRESH_MS) return Promise.resolve(entry.state);
    const ask = (DEPENDENCIES[name] as Dependency).check(deps);
    if (!ask) return Promise.resolve('not configured');
    entry.running = within(ask(), CHECK_TIMEOUT_MS)
      .then(
        (state) => {
          entry.failures = 0;
          return (entry.state = state || 'ok');
        },
        () => {
          entry.failures++;
          // Never answered yet, or failed often enough in a row: down. Otherwise the last answer stands.
          if (entry.state === undefined || entry.state === 'not configured' || entry.failures >= FAILURES_FOR_DOWN) entry.state = 'down';
          return entry.state;
        },
      )
      .finally(() => {
        entry.checkedAt = now();
        entry.running = undefined;
      });
    return entry.running;
  };

  return {
    async states() {
      const answers = await Promise.all(names.map(checked));
      const states = {} as DependencyStates;
      names.forEach((name, i) => {
        const reported = tracked.get(name)!.reported;
        states[name] = reported && now() - reported.at < REPORT_HOLD_MS ? reported.state : answers[i]!;
      });
      return states;
    },
    report(name, state) {
      tracked.get(name)!.reported = { state, at: now() };
    },
  };
}

const healths = new WeakMap<object, DependencyHealth>();

/** The health of the dependencies of the app made on `deps` (one per database handle: an app's own). */
export function dependencyHealth(deps: Pick<Deps, 'db' | 'redis' | 'config'>): DependencyHealth {
  let health = healths.get(deps.db);
  if (!health) healths.set(deps.db, (health = dependencyHealthAt(deps, () => performance.now())));
  return health;
}

/** Whether the host can serve in these states: no essential dependency down or full. */
export const canServe = (states: DependencyStates): boolean =>
  (Object.keys(states) as DependencyName[]).every((name) => !DEPENDENCIES[name].essential || states[name] === 'ok' || states[name] === 'not configured');

/** The dependencies the host serves without, now: not essential and neither ok nor unconfigured. */
export const degraded = (states: DependencyStates): DependencyName[] =>
  (Object.keys(states) as DependencyName[]).filter((name) => !DEPENDENCIES[name].essential && states[name] !== 'ok' && states[name] !== 'not configured');
