import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { processLog } from '../core/log.js';

/**
 * SQLite's WAL checkpoints, on a thread of their own (the save at scale).
 *
 * By default the commit that takes the WAL past 1,000 pages copies them into the database file and syncs
 * it, on the connection that committed: for us the event loop, every twenty saves or so at a million pins
 * (a save writes 30-55 pages), and the request that drew it waited for the sync with every other. The
 * server's connection has automatic checkpoints off, and this thread opens a connection of its own and runs
 * a PASSIVE checkpoint whenever the WAL has grown past the same size: it never blocks the writer (SQLite
 * lets one checkpoint run beside readers and one writer), and the writer starts the WAL over once a
 * checkpoint has caught up. Nothing changes for durability: the WAL is synced after each commit as before
 * (group-commit.ts), and the checkpoint syncs the database file before the WAL is reused.
 */

/** SQLite's own default size for a checkpoint (wal_autocheckpoint), in pages. */
export const CHECKPOINT_PAGES = 1_000;
/** The connection's own checkpoint, at this many times that size: only if the thread cannot keep up. */
export const BACKSTOP = 8;
/** How often the thread looks at the WAL's size: a stat of one file. */
const LOOK_EVERY_MS = 100;

// CommonJS, evaluated as the worker's source: the driver is resolved by the caller (tsx and vitest do not
// load TypeScript inside workers).
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { statSync } = require('node:fs');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const size = () => { try { return statSync(workerData.wal).size; } catch { return 0; } };
const timer = setInterval(() => {
  if (size() <= workerData.limit) return;
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage(String(error && error.message)); }
}, workerData.every);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

export interface Checkpointer {
  /** Stops the thread (its connection closes; the last connection to close checkpoints what is left). */
  stop(): void;
}

/**
 * Starts the checkpoint thread for the database at `path`, whose connection has `wal_autocheckpoint = 0`.
 * `fallBack` turns the connection's own checkpoints on again if the thread cannot run.
 */
export function walCheckpointer(path: string, pageSize: number, fallBack: () => void): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(SOURCE, { eval: true, workerData: { driver, path, wal: `${path}-wal`, limit: CHECKPOINT_PAGES * pageSize, every: LOOK_EVERY_MS } });
  // The thread never keeps a process alive on its own; the database's close stops it.
  worker.unref();
  worker.on('error', fallBack);
  worker.on('exit', (code) => code !== 0 && fallBack());
  worker.on('message', (message) => processLog().error({ dependency: 'database', detail: String(message) }, 'SQLite checkpoint failed'));
  return { stop: () => worker.postMessage('stop') };
}
