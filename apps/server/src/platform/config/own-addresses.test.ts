import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { lanOrigins, ownOrigins } from './own-addresses.ts';

const address = (family: 'IPv4' | 'IPv6', value: string) =>
  ({ family, address: value, internal: false }) as NetworkInterfaceInfo;

describe("the laptop's own addresses", () => {
  it('names localhost, the loopbacks, each LAN address and the machine by name, on the port', () => {
    const interfaces = {
      lo: [address('IPv4', '127.0.0.1'), address('IPv6', '::1')],
      wlan0: [
        address('IPv4', '192.168.1.20'),
        address('IPv6', 'fe80::1c2b:3aff:fe4d:5e6f'),
        address('IPv6', 'fd00::20'),
      ],
    };
    expect(ownOrigins(3000, interfaces, 'Amina-Laptop')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://192.168.1.20:3000',
      'http://[fd00::20]:3000',
      'http://amina-laptop:3000',
      'http://amina-laptop.local:3000',
    ]);
  });

  it('writes port 80 as the browser does, without it', () => {
    expect(ownOrigins(80, {}, 'box')).toContain('http://box.local');
  });

  it('tells a phone the LAN addresses, not the loopback ones', () => {
    const interfaces = { lo: [address('IPv4', '127.0.0.1')], wlan0: [address('IPv4', '192.168.1.20')] };
    expect(lanOrigins(ownOrigins(3000, interfaces, 'box'))).toEqual(['http://192.168.1.20:3000']);
  });
});
