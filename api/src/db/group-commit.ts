import { open, type FileHandle } from 'node:fs/promises';

/**
 * Group commit for SQLite in WAL mode. With `synchronous = NORMAL` a commit writes its frames to the
 * WAL (the OS has them: a kill -9 loses nothing) but does not sync them to disk, so a power loss could
 * lose the last commits. Syncing at every commit (`FULL`) blocked the event loop for most of a save's
 * time (48% of its CPU profile). Instead, a request that wrote waits for a sync of the WAL that started
 * after its commit, run off the event loop (libuv's pool), and all the commits made meanwhile share it:
 * acknowledged means on disk, as with FULL, at one sync per group rather than one per save.
 */
export function walSyncer(walPath: string): () => Promise<void> {
  let file: Promise<FileHandle> | undefined;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const syncOnce = async () => {
    // Opened on first need: SQLite makes the -wal file at its first write, and keeps it while connected.
    file ??= open(walPath, 'r').catch((error) => {
      file = undefined;
      throw error;
    });
    await (await file).datasync();
  };
  const start = () => (running = syncOnce().finally(() => (running = undefined)));
  return () => {
    if (!running) return start();
    // A sync already under way may have started before the caller's commit: wait for the one after it.
    next ??= running.then(
      () => ((next = undefined), start()),
      () => ((next = undefined), start()),
    );
    return next;
  };
}
