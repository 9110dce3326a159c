import { createLogger, type Logger } from './log.js';

/** A logger at `info` whose lines a test reads: `lines` (raw JSON text) and `entries` (parsed). */
export function capturedLog(): { log: Logger; lines: string[]; entries: () => Array<Record<string, unknown>> } {
  const lines: string[] = [];
  const log = createLogger('info', { write: (line: string) => void lines.push(line) });
  return { log, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}
