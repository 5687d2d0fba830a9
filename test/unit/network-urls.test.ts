// What `--host` prints and which host names the dev server answers for.
import { describe, expect, it } from 'vitest';
import { networkUrls } from '../../src/serve/network-urls.ts';
import { interfaceAddress as info } from '../helpers/interfaces.ts';

describe('networkUrls', () => {
  it('prints nothing more for loopback, the address itself for one address', () => {
    expect(networkUrls('127.0.0.1', 4321)).toEqual([]);
    expect(networkUrls('192.168.1.20', 4321, '/studio-pss/')).toEqual(['http://192.168.1.20:4321/studio-pss/']);
  });

  it('lists every external IPv4 address for 0.0.0.0, and IPv6 ones (bracketed, no link-local) for ::', () => {
    const interfaces = {
      lo: [info('127.0.0.1', 'IPv4', true), info('::1', 'IPv6', true)],
      eth0: [info('192.168.1.20'), info('fe80::1', 'IPv6'), info('2001:db8::20', 'IPv6')],
    };
    expect(networkUrls('0.0.0.0', 4321, '/', interfaces)).toEqual(['http://192.168.1.20:4321/']);
    expect(networkUrls('::', 80, '/', interfaces)).toEqual(['http://192.168.1.20:80/', 'http://[2001:db8::20]:80/']);
  });
});
