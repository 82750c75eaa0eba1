import { hostname, type NetworkInterfaceInfo, networkInterfaces } from 'node:os';

/**
 * The origins a browser writes for this machine on the server's port: localhost, the loopback
 * addresses, each network interface's address (the LAN address a phone on the same Wi-Fi opens)
 * and the machine's name with its `.local` twin, which phones resolve by mDNS. Read once at
 * start-up: after joining another network, restart the server.
 */
export function ownOrigins(
  port: number,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
  machineName: string = hostname(),
): string[] {
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]']);
  for (const { family, address } of Object.values(interfaces).flatMap((list) => list ?? [])) {
    if (family === 'IPv4') hosts.add(address);
    // A link-local IPv6 address needs its zone (%wlan0), which a browser's address bar cannot carry.
    else if (!address.toLowerCase().startsWith('fe80:')) hosts.add(`[${address}]`);
  }
  const name = machineName.toLowerCase();
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(name)) {
    hosts.add(name);
    if (!name.includes('.')) hosts.add(`${name}.local`);
  }
  // URL drops a default port (80), as the browser's Origin header does.
  return [...hosts].map((host) => new URL(`http://${host}:${port}`).origin);
}

/** Of those, the IPv4 LAN addresses: what a phone on the same Wi-Fi types, printed at start-up. */
export const lanOrigins = (origins: string[]): string[] =>
  origins.filter(
    (origin) => /^http:\/\/\d+\.\d+\.\d+\.\d+(:\d+)?$/.test(origin) && !origin.startsWith('http://127.'),
  );
