// A network interface's address as os.networkInterfaces() lists it, for tests of what `--host` answers and prints.
import type { NetworkInterfaceInfo } from 'node:os';

/** One address of an interface: external unless `internal`; IPv6 ones with the scope id Node gives them. */
export function interfaceAddress(
  address: string,
  family: 'IPv4' | 'IPv6' = 'IPv4',
  internal = false,
): NetworkInterfaceInfo {
  const common = { address, internal, netmask: '', mac: '', cidr: null };
  return family === 'IPv4' ? { ...common, family } : { ...common, family, scopeid: 0 };
}
