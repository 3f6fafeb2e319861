import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SimulatedMarket } from '@signalroom/shared-node/market';

export interface FakeProvider {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/**
 * A small fake price provider speaking the feed's JSON contract (see http-market-feed.ts), backed by
 * the simulated market with `seed` so a test can check every number that crosses the wire.
 * `/broken/*`, `/garbage/*` and `/wrong/*` misbehave on purpose; the real routes are under `/feed`.
 */
export async function startFakeProvider(seed = 'provider'): Promise<FakeProvider> {
  const market = new SimulatedMarket({ seed });
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const asset = url.searchParams.get('asset') ?? '';
    if (url.pathname === '/broken/price') return send(500, { error: 'down' });
    if (url.pathname === '/garbage/price') return send(200, '{not json');
    if (url.pathname === '/wrong/price') return send(200, { asset, price: 'cheap' });
    if (url.pathname === '/feed/price') {
      const at = url.searchParams.get('at') ? new Date(url.searchParams.get('at') as string) : new Date();
      void market.priceAt(asset, at).then((price) => send(200, { asset, price, time: at.toISOString() }));
      return;
    }
    if (url.pathname === '/feed/candles') {
      void market
        .candles(asset, {
          end: new Date(url.searchParams.get('end') as string),
          intervalMs: Number(url.searchParams.get('interval')),
          count: Number(url.searchParams.get('count')),
        })
        .then((candles) => send(200, { asset, candles: candles.map((c) => ({ ...c, time: c.time.toISOString() })) }));
      return;
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
