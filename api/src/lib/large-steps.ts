/**
 * Work on a large request body (megabytes to decode from UTF-8, to parse as JSON, to validate and decode
 * from base64) is done one step per turn of the event loop, process-wide: each step waits here for a turn
 * of its own, so between two of them the poll phase runs (/health, built files, other requests' I/O).
 * Eight saves each carrying a 5 MB image_base64 ran their steps back to back, about 25 ms of loop each:
 * /health waited 145 ms behind them (BENCH=uploads with its saves alone). A step on a body under
 * LARGE_BODY_BYTES never waits: ordinary requests are not slowed by the turns.
 */
export const LARGE_BODY_BYTES = 256 * 1024;

const waiting: Array<() => void> = [];
let scheduled = false;

const schedule = () => {
  scheduled = true;
  setImmediate(nextStep);
};

function nextStep() {
  scheduled = false;
  waiting.shift()?.();
  // Queued from the check phase, the next step's turn comes in the loop's next round, after its poll phase.
  if (waiting.length) schedule();
}

/** Resolves in a turn of the loop of its own when `size` (bytes or characters) is large; undefined otherwise. */
export function largeStep(size: number): Promise<void> | undefined {
  if (size < LARGE_BODY_BYTES) return undefined;
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    if (!scheduled) schedule();
  });
}
