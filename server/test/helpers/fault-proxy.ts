import { createServer, connect as netConnect, type Server, type Socket } from 'node:net';

/**
 * How the proxy treats the network between the processes and their database:
 * - `pass`: forwards both ways;
 * - `stall`: stops forwarding without closing anything, as a failover or a dropped route does: bytes
 *   already on their way wait in the sockets' buffers, a close from either side goes nowhere, and a new
 *   connection is accepted but never reaches the database;
 * - `reset`: cuts every connection (TCP reset on both sides) and resets each new one at once;
 * - `refuse`: cuts every connection and stops listening, so a new one is refused (ECONNREFUSED).
 */
export type FaultMode = 'pass' | 'stall' | 'reset' | 'refuse';

/** One client connection and, once forwarded, its connection to the target. */
interface Pair {
  client: Socket;
  upstream: Socket | null;
}

export interface FaultProxy {
  readonly port: number;
  readonly mode: FaultMode;
  /** `url` (a postgres:// or redis:// address) with its host and port replaced by the proxy's. */
  through(url: string): string;
  setMode(mode: FaultMode): Promise<void>;
  /** Client connections open now. */
  openConnections(): number;
  close(): Promise<void>;
}

/**
 * A TCP proxy of the tests' own (node:net) in front of a real server, whose network can be made to
 * stall, reset or refuse on demand: the faults a database behind a real network shows.
 */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  let mode: FaultMode = 'pass';

  const cut = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.resetAndDestroy();
    pair.upstream?.resetAndDestroy();
  };

  /** Forwards a pair both ways; a close on one side closes the other, unless the network stalls. */
  function forward(pair: Pair): void {
    const upstream = pair.upstream ?? netConnect(target);
    if (!pair.upstream) {
      pair.upstream = upstream;
      const closeBoth = () => {
        if (mode === 'stall') return;
        pairs.delete(pair);
        pair.client.destroy();
        upstream.destroy();
      };
      upstream.on('error', closeBoth);
      upstream.on('close', closeBoth);
      pair.client.on('close', closeBoth);
    }
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
    pair.client.resume();
    upstream.resume();
  }

  function hold(pair: Pair): void {
    pair.client.unpipe();
    pair.upstream?.unpipe();
    pair.client.pause();
    pair.upstream?.pause();
  }

  const onConnection = (client: Socket) => {
    const pair: Pair = { client, upstream: null };
    // A reset from either end is the test's own doing: the pair is cut when the mode next changes.
    client.on('error', () => undefined);
    if (mode === 'reset') {
      client.resetAndDestroy();
      return;
    }
    pairs.add(pair);
    if (mode === 'stall') hold(pair);
    else forward(pair);
  };

  let server: Server = createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);

  return {
    port,
    get mode() {
      return mode;
    },
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    async setMode(next) {
      const previous = mode;
      mode = next;
      if (next === 'stall') for (const pair of pairs) hold(pair);
      if (next === 'reset' || next === 'refuse') for (const pair of [...pairs]) cut(pair);
      if (next === 'refuse' && previous !== 'refuse') {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      if (previous === 'refuse' && next !== 'refuse') {
        server = createServer(onConnection);
        await listen(port);
      }
      if (next === 'pass') {
        for (const pair of [...pairs]) {
          // A side closed while the network stalled: the other side learns it now.
          if (pair.client.destroyed || pair.upstream?.destroyed) cut(pair);
          else forward(pair);
        }
      }
    },
    openConnections: () => pairs.size,
    async close() {
      for (const pair of [...pairs]) cut(pair);
      if (mode !== 'refuse') await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
