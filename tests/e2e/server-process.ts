import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The product's server as its own process, as `npm start` runs it (the e2e tests reach the
 * server over HTTP, never through api/src): `tsx api/src/server.ts` in the repository's root, with the
 * environment given on top of ours.
 */
export function serverProcess(env: Record<string, string>, stdio: 'inherit' | 'ignore' = 'ignore'): ChildProcess {
  return spawn(join(ROOT, 'node_modules/.bin/tsx'), ['api/src/server.ts'], { cwd: ROOT, env: { ...process.env, ...env }, stdio });
}

/** A loopback port nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

/** Waits until `url` answers (the server has migrated and listens), or fails after `ms`. */
export async function answering(url: string, child: ChildProcess, ms = 90_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server stopped before it answered (exit ${child.exitCode})`);
    const up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer in ${ms} ms`);
}

/** Stops the server process and waits for it to be gone. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = once(child, 'exit');
  child.kill('SIGTERM');
  await gone;
}
