import { pino } from 'pino';
import type { Config } from '../config.js';
import { databaseFault } from '../db/faults.js';
import { createLogger } from '../core/log.js';

/**
 * The process's last words as a JSON line: an uncaught exception, or a rejection nobody handled, is logged
 * (written at once, not buffered) and ends the process, as Node would, for its state is unknown. A rejection
 * that is a database outage is logged and survived: the database comes back, and the next request meets it.
 */
export function logCrashes(level: Config['logLevel']): void {
  const last = createLogger(level, pino.destination({ dest: 1, sync: true }));
  process.on('uncaughtException', (error, origin) => {
    last.fatal({ err: error, origin }, 'uncaught exception: the process ends');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    if (databaseFault(reason) === 'unavailable') return last.warn({ err: reason, dependency: 'database' }, 'database unavailable (a rejection nobody handled)');
    last.fatal({ err: reason }, 'unhandled rejection: the process ends');
    process.exit(1);
  });
}
