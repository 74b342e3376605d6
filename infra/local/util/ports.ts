/**
 * Port helpers. Everything binds to loopback; a port is "free" when we can bind it ourselves,
 * which is the only test that does not race with the kernel's view of IPv4 vs IPv6 listeners.
 */

import net from 'node:net';

/** Asks the kernel for an unused port on `host` (bind to 0, read it, release it). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** True when `port` can be bound on `host` right now. */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** `preferred` when it is free, otherwise any free port. */
export async function preferPort(preferred: number | undefined, host = '127.0.0.1'): Promise<number> {
  if (preferred && (await isPortFree(preferred, host))) return preferred;
  return freePort(host);
}

function canConnect(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * Polls until something accepts connections on `port`. DynamoDB Local prints its banner before it
 * listens (reference/local-runtime.md §1b), so output is no readiness signal; the port is.
 * `alive` lets the caller stop waiting as soon as the process it started has died.
 */
export async function waitForPort(
  port: number,
  opts: { host?: string; timeoutMs?: number; intervalMs?: number; alive?: () => boolean; what?: string } = {},
): Promise<void> {
  const { host = '127.0.0.1', timeoutMs = 30_000, intervalMs = 50, alive, what = `port ${port}` } = opts;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await canConnect(port, host)) return;
    if (alive && !alive()) throw new Error(`${what} exited before listening on ${host}:${port}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${what} did not listen on ${host}:${port} within ${timeoutMs} ms`);
}
