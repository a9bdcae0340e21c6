import { type IpAddress, inPrefix, parseIp } from "./ip-address.ts";

/**
 * Every IPv4 address an IPv6 address carries, i.e. where a packet to it may really end up: a gateway,
 * relay or tunnel (SIIT, NAT64, 6to4, Teredo, ISATAP) unwraps it and sends it on to that IPv4 address,
 * so `::ffff:0:169.254.169.254` must be judged as 169.254.169.254. Pure; table-tested with the policy.
 */
const v6 = (s: string) => parseIp(s)!.bytes;
const v4At = (b: Uint8Array, at: number, invert = false): IpAddress => ({
  family: 4,
  bytes: b.slice(at, at + 4).map((x) => (invert ? ~x & 0xff : x)),
});

/** Prefixes whose last 32 bits are the IPv4 address (RFC 4291, 2765/6145, 6052, 8215). */
const LAST_32: Array<{ net: Uint8Array; len: number }> = [
  { net: v6("::ffff:0:0"), len: 96 }, // IPv4-mapped ::ffff:a.b.c.d
  { net: v6("::ffff:0:0:0"), len: 96 }, // IPv4-translated ::ffff:0:a.b.c.d (SIIT)
  { net: v6("64:ff9b::"), len: 96 }, // NAT64 well-known prefix
  { net: v6("64:ff9b:1::"), len: 48 }, // NAT64 local-use prefix
  { net: v6("::"), len: 96 }, // IPv4-compatible ::a.b.c.d (deprecated)
];
const SIX_TO_FOUR = { net: v6("2002::"), len: 16 }; // 2002:AABB:CCDD::/48
const TEREDO = { net: v6("2001::"), len: 32 }; // 2001:0:SERVER:flags:port:~CLIENT

export function embeddedV4(ip: IpAddress): IpAddress[] {
  if (ip.family !== 6) return [];
  const b = ip.bytes;
  const out: IpAddress[] = [];
  for (const p of LAST_32) {
    if (!inPrefix(b, p.net, p.len)) continue;
    // `::` and `::1` are themselves (unspecified, loopback), not IPv4-compatible 0.0.0.0 / 0.0.0.1
    if (p.len === 96 && p.net.every((x) => x === 0) && b.slice(12, 15).every((x) => x === 0) && b[15]! <= 1) continue;
    out.push(v4At(b, 12));
  }
  if (inPrefix(b, SIX_TO_FOUR.net, SIX_TO_FOUR.len)) out.push(v4At(b, 2));
  if (inPrefix(b, TEREDO.net, TEREDO.len)) out.push(v4At(b, 4), v4At(b, 12, true)); // server, client (inverted)
  // ISATAP interface identifier (any prefix): 0000:5efe or 0200:5efe (u/g bits may be set), then the IPv4
  if ((b[8]! & 0xfc) === 0 && b[9] === 0 && b[10] === 0x5e && b[11] === 0xfe) out.push(v4At(b, 12));
  return out;
}
