// host-check: the dev servers answer their own host names only (DNS rebinding) and refuse other origins.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { allowedHosts, hostGuard, refusal } from '../../src/serve/host-check.ts';
import { interfaceAddress as info } from '../helpers/interfaces.ts';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
const local = allowedHosts();

describe('refusal', () => {
  it.each(['localhost:4321', '127.0.0.1:4321', '[::1]:4321', 'LOCALHOST', 'localhost.:80', '127.0.0.1'])(
    'answers Host %s',
    (host) => {
      expect(refusal(request({ host }), local)).toBeUndefined();
    },
  );

  it.each([
    'attacker.example:4321',
    'localhost.attacker.example',
    '127.0.0.1.nip.io:4321',
    '[::2]:4321',
    '0.0.0.0:4321',
    '',
  ])('refuses Host %j with 421', (host) => {
    expect(refusal(request({ host }), local)?.status).toBe(421);
  });

  it('refuses a request without a Host header', () => {
    expect(refusal(request({}), local)?.status).toBe(421);
  });

  it('answers its own origin and refuses other origins, and the null origin, with 403', () => {
    expect(refusal(request({ host: 'localhost:4321', origin: 'http://localhost:4321' }), local)).toBeUndefined();
    expect(refusal(request({ host: 'localhost:4321', origin: 'https://attacker.example' }), local)?.status).toBe(403);
    expect(refusal(request({ host: 'localhost:4321', origin: 'null' }), local)?.status).toBe(403);
  });

  it('adds the address the server was asked to listen on, but never a wildcard', () => {
    expect(refusal(request({ host: '192.168.1.20:4321' }), allowedHosts('192.168.1.20'))).toBeUndefined();
    expect([...allowedHosts('0.0.0.0', {})]).toEqual([...local]);
    expect([...allowedHosts('::', {})]).toEqual([...local]);
  });

  it('takes every 127.0.0.0/8 address for the loopback it is', () => {
    expect(refusal(request({ host: '127.0.0.2:4321' }), local)).toBeUndefined();
    expect(refusal(request({ host: '127.0.0.1.attacker.example:4321' }), local)?.status).toBe(421);
  });

  it('on a wildcard address answers every address of the machine (a phone uses them), still no other name', () => {
    const interfaces = {
      lo: [info('127.0.0.1', 'IPv4', true)],
      eth0: [info('192.168.1.20'), info('FD00::20', 'IPv6')],
    };
    const allowed = allowedHosts('0.0.0.0', interfaces);
    expect(refusal(request({ host: '192.168.1.20:4321' }), allowed)).toBeUndefined();
    expect(refusal(request({ host: '[fd00::20]:4321' }), allowed)).toBeUndefined();
    expect(refusal(request({ host: 'rebound.example:4321' }), allowed)?.status).toBe(421);
    expect(allowed.has('0.0.0.0')).toBe(false);
  });
});

describe('hostGuard', () => {
  it('works the names out once: no listing of interfaces per request, none at all on a named address', () => {
    let listed = 0;
    const interfaces = () => {
      listed += 1;
      return { eth0: [info('192.168.1.20')] };
    };
    const named = hostGuard('192.168.1.20', interfaces);
    const wildcard = hostGuard('0.0.0.0', interfaces);
    for (let i = 0; i < 50; i++) {
      expect(named(request({ host: '192.168.1.20:4321' }))).toBeUndefined();
      expect(wildcard(request({ host: '192.168.1.20:4321' }))).toBeUndefined();
      expect(wildcard(request({ host: 'localhost:4321' }))).toBeUndefined();
    }
    expect(listed).toBe(1);
    expect(named(request({ host: '192.168.1.21:4321' }))?.status).toBe(421);
    expect(listed).toBe(1);
  });

  it('on a wildcard address answers an address the machine gained after it started, and still refuses other names', () => {
    const addresses = ['192.168.1.20'];
    const guard = hostGuard('::', () => ({ eth0: addresses.map((address) => info(address)) }));
    expect(guard(request({ host: '10.0.0.7:4321' }))?.status).toBe(421);
    addresses.push('10.0.0.7');
    expect(guard(request({ host: '10.0.0.7:4321' }))).toBeUndefined();
    expect(guard(request({ host: '192.168.1.20:4321' }))).toBeUndefined();
    expect(guard(request({ host: 'rebound.example:4321' }))?.status).toBe(421);
  });
});

describe('serveSite with the host check', () => {
  it('refuses a rebound host name before any handler, the reload stream included, and serves its own', async () => {
    const { request: get } = await import('node:http');
    const { serveSite } = await import('../../src/serve/server.ts');
    const server = await serveSite({
      files: { read: async (file) => (file === 'index.html' ? Buffer.from('<h1>home</h1>') : undefined) },
      port: 0,
      handle: (req, res) => (req.url === '/__brochure/events' ? (res.end('stream: content/home.md'), true) : false),
    });
    const fetchWith = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = get({ host: '127.0.0.1', port: server.port, path, headers }, (res) => {
          let body = '';
          res
            .setEncoding('utf8')
            .on('data', (chunk: string) => (body += chunk))
            .on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', reject).end();
      });
    try {
      expect(await fetchWith('/', { host: `localhost:${server.port}` })).toMatchObject({
        status: 200,
        body: '<h1>home</h1>',
      });
      const rebound = await fetchWith('/__brochure/events', { host: `attacker.example:${server.port}` });
      expect(rebound.status).toBe(421);
      expect(rebound.body).not.toContain('content/');
      expect(
        (
          await fetchWith('/__brochure/events', {
            host: `localhost:${server.port}`,
            origin: 'https://attacker.example',
          })
        ).status,
      ).toBe(403);
    } finally {
      await server.close();
    }
  });
});
