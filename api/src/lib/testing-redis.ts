import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from '../testing-hosts.js';

/**
 * A Redis of the test's own (never the machine's shared one), so a fault test may stop, pause and restart
 * it: no persistence, so a restart loses every key as a crashed cache would.
 */
export async function ownRedis(port?: number) {
  const at = port ?? (await freePort());
  let child: ChildProcess | undefined;
  const answers = async () => {
    const probe = new Redis(at, '127.0.0.1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: 500,
    });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  };
  const start = async () => {
    child = spawn('redis-server', ['--port', String(at), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 200 && !(await answers()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  };
  const stop = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGCONT');
    child.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${at}`,
    port: at,
    /** Hung: the connection stays open, nothing answers. */
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    stop,
    /** Stopped and started again on the same port, empty. */
    restart: async () => {
      await stop();
      await start();
    },
  };
}
