import { type Agent, request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One HTTP request with what fetch cannot choose: the local address it leaves from (127.0.0.2 is a
 * different client than 127.0.0.1 on Linux loopback) and a keep-alive agent.
 */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
    localAddress?: string;
    agent?: Agent;
  },
): Promise<RawAnswer> {
  const target = new URL(options.path, url);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: options.method ?? (body ? 'POST' : 'GET'),
        headers: {
          ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
          ...options.headers,
        },
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        ...(options.agent ? { agent: options.agent } : {}),
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
