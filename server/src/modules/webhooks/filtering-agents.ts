import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';

/** A connection refused because the address it would reach is not allowed. */
export class AddressRefusedError extends Error {
  override name = 'AddressRefusedError';
  constructor(
    readonly address: string,
    readonly host: string,
  ) {
    super(`connection to ${address}${host !== address ? ` (${host})` : ''} refused: address not allowed`);
  }
}

type ConnectCallback = (error: Error | null, stream: Duplex) => void;

/**
 * Checks every address a connection could reach, after DNS: a name is resolved through `lookup` and
 * refused when any of its answers is refused (net may try each of them); an address written in the URL
 * is judged as it is, since net connects to it without a lookup.
 */
class AddressFilter {
  constructor(
    private readonly allowed: (address: string) => boolean,
    private readonly baseLookup: net.LookupFunction,
  ) {}

  connect(
    options: http.ClientRequestArgs,
    callback: ConnectCallback | undefined,
    open: (options: http.ClientRequestArgs, callback?: ConnectCallback) => Duplex | null | undefined,
  ): Duplex | null | undefined {
    const host = (options.host ?? options.hostname ?? '').replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !this.allowed(host)) {
      const error = new AddressRefusedError(host, host);
      const socket = new net.Socket();
      if (callback) callback(error, socket);
      else socket.destroy(error);
      return socket;
    }
    return open({ ...options, lookup: this.lookup(options.lookup ?? this.baseLookup) }, callback);
  }

  private lookup(base: net.LookupFunction): net.LookupFunction {
    return (hostname, lookupOptions, callback) => {
      base(hostname, lookupOptions, (error, address, family) => {
        if (error) {
          callback(error, address, family);
          return;
        }
        const addresses = Array.isArray(address) ? address.map((entry: LookupAddress) => entry.address) : [address];
        const refused = addresses.find((candidate) => !this.allowed(candidate));
        if (refused !== undefined) callback(new AddressRefusedError(refused, hostname), address, family);
        else callback(null, address, family);
      });
    };
  }
}

/**
 * An http and an https agent that connect only to addresses `allowed` accepts, checked on every
 * connection after DNS (so a name that later resolves inside the network is refused too). `lookup`
 * replaces the system resolver (tests give fixed answers).
 */
export function createFilteringAgents(options: {
  allowed: (address: string) => boolean;
  lookup?: net.LookupFunction;
  agent?: http.AgentOptions;
}): { http: http.Agent; https: https.Agent } {
  const filter = new AddressFilter(options.allowed, options.lookup ?? (dnsLookup as net.LookupFunction));

  class FilteringHttpAgent extends http.Agent {
    override createConnection(connection: http.ClientRequestArgs, callback?: ConnectCallback) {
      return filter.connect(connection, callback, (checked, done) => super.createConnection(checked, done));
    }
  }
  class FilteringHttpsAgent extends https.Agent {
    override createConnection(connection: https.RequestOptions, callback?: ConnectCallback) {
      return filter.connect(connection, callback, (checked, done) => super.createConnection(checked, done));
    }
  }
  return { http: new FilteringHttpAgent(options.agent), https: new FilteringHttpsAgent(options.agent) };
}
