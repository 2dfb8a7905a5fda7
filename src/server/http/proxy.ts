import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import net from 'node:net';

/**
 * Behind a reverse proxy the socket's peer is the proxy. With TRUST_PROXY set to the number of
 * proxies in front of the shop, the client's address and protocol are read from the
 * X-Forwarded-For / X-Forwarded-Proto entries those proxies added (counted from the right, so a
 * client cannot forge them); without it those headers are ignored.
 */
export type Client = { ip: string; protocol: 'http' | 'https' };

function entries(value: string | string[] | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** An address as a proxy writes it, without brackets or port; null when it is no IP address. */
function parseAddress(entry: string): string | null {
  let address = entry;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  return net.isIP(address) ? address : null;
}

/** The entry the outermost trusted proxy wrote: `hops` from the right (the leftmost if fewer). */
const trustedEntry = (list: string[], hops: number) => list[Math.max(0, list.length - hops)];

export function forwardedClient(headers: IncomingHttpHeaders, socket: Client, hops: number): Client {
  if (hops <= 0) return socket;
  const address = trustedEntry(entries(headers['x-forwarded-for']), hops);
  const protocol = trustedEntry(entries(headers['x-forwarded-proto']), hops)?.toLowerCase();
  return {
    ip: (address && parseAddress(address)) ?? socket.ip,
    protocol: protocol === 'https' || protocol === 'http' ? protocol : socket.protocol,
  };
}

/** The client as the socket shows it. */
export function socketClient(req: IncomingMessage): Client {
  return {
    ip: req.socket.remoteAddress ?? '',
    protocol: 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http',
  };
}

/**
 * Makes this one request look, to the app (Astro reads the socket's address and encryption), as
 * if it came straight from the client. Only the request's own view of its socket changes; the
 * socket itself, shared by keep-alive requests, is untouched.
 */
export function presentClient(req: IncomingMessage, client: Client): void {
  const socket = req.socket;
  const view = new Proxy(socket, {
    get(target, key) {
      if (key === 'remoteAddress') return client.ip;
      if (key === 'encrypted') return client.protocol === 'https' ? true : undefined;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has(target, key) {
      return key === 'encrypted' ? client.protocol === 'https' : Reflect.has(target, key);
    },
  });
  Object.defineProperty(req, 'socket', { value: view, configurable: true, enumerable: true, writable: true });
}
