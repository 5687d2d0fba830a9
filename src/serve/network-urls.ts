// The URLs a server listening on `--host` can be reached at, for the line `preview` and `watch` print.
import { networkInterfaces } from 'node:os';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

/**
 * Every URL another device on the network may use: for a wildcard address (`0.0.0.0`, `::`) one
 * per non-internal interface address, else the address itself; loopback-only hosts give none.
 */
export function networkUrls(host: string, port: number, path = '', interfaces = networkInterfaces()): string[] {
  const format = (address: string) => `http://${address.includes(':') ? `[${address}]` : address}:${port}${path}`;
  if (LOOPBACK_NAMES.includes(host)) return [];
  if (host !== '0.0.0.0' && host !== '::') return [format(host)];
  const addresses = Object.values(interfaces)
    .flat()
    .filter((info) => info && !info.internal && (host === '::' || info.family === 'IPv4'))
    // Link-local IPv6 addresses need a zone id a browser's address bar does not take.
    .filter((info) => !info!.address.startsWith('fe80:'));
  return addresses.map((info) => format(info!.address));
}
