import { BlockList, isIP } from 'node:net';

const IPV4_MAPPED = /^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i;

/**
 * Whether an address may call the Daraja callback routes: one of MPESA_CALLBACK_ALLOWED_ADDRESSES
 * (addresses and CIDR blocks, checked at start-up), or anyone when none is listed (ADR 0075). The
 * address is the client's as the app reads it behind TRUST_PROXY_HOPS proxies (request.ip).
 */
export function callbackSourceCheck(allowed: readonly string[]): (address: string) => boolean {
  if (allowed.length === 0) return () => true;
  const list = new BlockList();
  const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');
  for (const entry of allowed) {
    const [address = '', prefix] = entry.split('/');
    if (prefix === undefined) list.addAddress(address, familyOf(address));
    else list.addSubnet(address, Number(prefix), familyOf(address));
  }
  return (address) => {
    const plain = address.replace(IPV4_MAPPED, '');
    return isIP(plain) !== 0 && list.check(plain, familyOf(plain));
  };
}
