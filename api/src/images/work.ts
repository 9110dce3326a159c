import sharp from 'sharp';
import type { Config } from '../config.js';

/**
 * The image work one server process does at once, sized to the machine. libvips runs each
 * operation on its own threads, off the event loop; left alone it takes a thread per core for every image,
 * so sixteen re-encodes meant sixteen times the cores and every decoded frame in memory together. Here:
 * - one libvips thread per operation (sharp.concurrency(1)), and at most `imageConcurrency` re-encodes in
 *   flight (IMAGE_CONCURRENCY, the cores by default): the cores are shared out, not oversubscribed;
 * - at most `imagePixelsInFlight` decoded pixels held across them: a 40-megapixel image waits for the
 *   room it needs, so a burst of big images queues instead of growing the process past the machine.
 * Waiters are served in order, so a big image is not passed over for ever by small ones.
 *
 * One gate per process (sharp's thread pool is per process), made from the first config that asks.
 */
export interface ImageGate {
  /** Runs `work` once a slot and `pixels` of the budget are free; frees them when it settles. */
  run<T>(pixels: number, work: () => Promise<T>): Promise<T>;
  /** Re-encodes running and waiting now (for tests and the metrics). */
  readonly running: number;
  readonly waiting: number;
}

export function imageGate(slots: number, pixelBudget: number): ImageGate {
  let running = 0;
  let pixelsHeld = 0;
  const queue: Array<{ pixels: number; start: () => void }> = [];

  const pump = () => {
    while (queue.length) {
      const next = queue[0]!;
      // An image larger than the whole budget still runs, alone.
      const fits = pixelsHeld === 0 || pixelsHeld + next.pixels <= pixelBudget;
      if (running >= slots || !fits) return;
      queue.shift();
      running++;
      pixelsHeld += next.pixels;
      next.start();
    }
  };

  return {
    async run(pixels, work) {
      await new Promise<void>((start) => {
        queue.push({ pixels, start });
        pump();
      });
      try {
        return await work();
      } finally {
        running--;
        pixelsHeld -= pixels;
        pump();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}

let gate: ImageGate | undefined;

/** This process's gate; sharp is set to one thread per operation the first time. */
export function imageWork(config: Pick<Config, 'imageConcurrency' | 'imagePixelsInFlight'>): ImageGate {
  if (!gate) {
    sharp.concurrency(1);
    gate = imageGate(config.imageConcurrency, config.imagePixelsInFlight);
  }
  return gate;
}
