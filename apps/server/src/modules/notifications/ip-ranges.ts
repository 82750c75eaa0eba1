import { BlockList, isIP } from 'node:net';

/**
 * IANA's special-purpose ranges (RFC 6890 and its updates): loopback, private, shared (CGNAT),
 * link-local (cloud metadata at 169.254.169.254), documentation, benchmarking, multicast, reserved,
 * and the IPv6 ones that embed or translate to IPv4 (mapped, NAT64, 6to4, Teredo). A push service is
 * on none of them.
 */
const NOT_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const NOT_PUBLIC_V6: [string, number][] = [
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

// One list per family: a BlockList also matches an IPv4 address against IPv6 rules as ::ffff:a.b.c.d.
const listOf = (family: 'ipv4' | 'ipv6', ranges: [string, number][]) => {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
};
const notPublic = { 4: listOf('ipv4', NOT_PUBLIC_V4), 6: listOf('ipv6', NOT_PUBLIC_V6) };
const loopback = {
  4: listOf('ipv4', [['127.0.0.0', 8]]),
  6: listOf('ipv6', [
    ['::1', 128],
    ['::ffff:127.0.0.0', 104],
  ]),
};

function matches(lists: typeof notPublic, address: string): boolean | undefined {
  const family = isIP(address);
  if (family === 4) return lists[4].check(address, 'ipv4');
  if (family === 6) return lists[6].check(address, 'ipv6');
  return undefined;
}

/** An address anyone on the internet reaches the same way: not this machine, not its networks. */
export function isPublicAddress(address: string): boolean {
  return matches(notPublic, address) === false;
}

export function isLoopbackAddress(address: string): boolean {
  return matches(loopback, address) === true;
}
