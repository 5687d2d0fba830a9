// The dev servers answer only their own host names, so a web page cannot read them through DNS rebinding.
import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { Text } from '../messages/text.ts';
import { hostRefusals } from '../refusals.ts';

/**
 * The names a server on loopback is reached by; `extra` adds the address given with a --host option,
 * and a wildcard address (`0.0.0.0`, `::`) adds every address of the machine, so a phone on the same
 * network can use the URLs `preview` and `watch` print. Addresses, unlike names, cannot be rebound.
 */
export function allowedHosts(extra?: string, interfaces?: ReturnType<typeof networkInterfaces>): ReadonlySet<string> {
  const names = new Set(['localhost', '127.0.0.1', '::1']);
  if (isWildcard(extra)) {
    for (const info of Object.values(interfaces ?? networkInterfaces()).flat())
      if (info) names.add(normalise(info.address));
  } else if (extra) names.add(normalise(extra));
  return names;
}

const isWildcard = (address: string | undefined) => address === '0.0.0.0' || address === '::';

/**
 * The host check of one server: `refusal` against names worked out once, not per request (listing
 * the machine's interfaces took a tenth of a preview request's CPU). On a wildcard address a host
 * it refuses is tried once more against a fresh list: the machine may have joined another network
 * since the server started, and a phone would reach it by the new address.
 */
export function hostGuard(
  extra?: string,
  interfaces = networkInterfaces,
): (req: IncomingMessage) => ReturnType<typeof refusal> {
  let allowed = allowedHosts(extra, isWildcard(extra) ? interfaces() : undefined);
  return (req) => {
    const refused = refusal(req, allowed);
    if (!refused || !isWildcard(extra)) return refused;
    allowed = allowedHosts(extra, interfaces());
    return refusal(req, allowed);
  };
}

/**
 * Undefined when the request names an allowed host (and, if it says where it comes from, an allowed
 * origin); otherwise the status and message to refuse it with. A rebinding page reaches the server
 * under its own name, which is not in the set; a page elsewhere that opens the reload stream sends
 * its own `Origin`.
 */
export function refusal(
  req: IncomingMessage,
  allowed: ReadonlySet<string>,
): { status: number; text: Text } | undefined {
  const host = req.headers.host;
  if (!host || !allowed.has(hostName(host))) {
    return { status: 421, text: hostRefusals.host([...allowed]) };
  }
  // `Origin: null` (a sandboxed frame, a file) is no origin of ours either.
  const origin = req.headers.origin;
  if (origin !== undefined && !allowed.has(originHost(origin))) return { status: 403, text: hostRefusals.origin };
  return undefined;
}

function originHost(origin: string): string {
  try {
    return hostName(new URL(origin).host);
  } catch {
    return '';
  }
}

/**
 * `LOCALHOST:4321` -> `localhost`, `[::1]:4321` -> `::1`, `example.com.` -> `example.com`; every
 * address of 127.0.0.0/8 is the loopback interface's, so it reads as `127.0.0.1`.
 */
function hostName(host: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(host);
  const name = normalise(bracketed ? bracketed[1]! : host.replace(/:\d*$/, ''));
  return /^127(\.\d{1,3}){3}$/.test(name) ? '127.0.0.1' : name;
}

function normalise(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}
