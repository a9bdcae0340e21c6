/**
 * IP address literals as bytes, so range checks compare numbers and never strings (a string check is
 * fooled by `0x7f.1`, `::ffff:127.0.0.1`, `[::1]` or leading zeros).
 */
export interface IpAddress {
  family: 4 | 6;
  /** 4 bytes for IPv4, 16 for IPv6 */
  bytes: Uint8Array;
}

/**
 * Parse a dotted-quad IPv4 or an RFC 4291 IPv6 literal (brackets and a zone id are tolerated);
 * null for anything else. Only the canonical decimal IPv4 form is accepted, which is what DNS returns.
 */
export function parseIp(text: string): IpAddress | null {
  let s = text.trim();
  if (s.startsWith("[") && s.endsWith("]")) s = s.slice(1, -1);
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  if (s.includes(":")) {
    const bytes = parseV6(s);
    return bytes ? { family: 6, bytes } : null;
  }
  const bytes = parseV4(s);
  return bytes ? { family: 4, bytes } : null;
}

function parseV4(s: string): Uint8Array | null {
  const parts = s.split(".");
  if (parts.length !== 4) return null;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i]!;
    if (!/^\d{1,3}$/.test(p) || (p.length > 1 && p.startsWith("0"))) return null;
    const n = Number(p);
    if (n > 255) return null;
    out[i] = n;
  }
  return out;
}

function parseV6(s: string): Uint8Array | null {
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const groups = (h: string): number[] | null => {
    if (h === "") return [];
    const out: number[] = [];
    const parts = h.split(":");
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i]!;
      if (i === parts.length - 1 && p.includes(".")) {
        const v4 = parseV4(p);
        if (!v4) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(p)) return null;
        out.push(parseInt(p, 16));
      }
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  const out = new Uint8Array(16);
  all.forEach((g, i) => {
    out[2 * i] = g >> 8;
    out[2 * i + 1] = g & 0xff;
  });
  return out;
}

/** True when the first `prefixLength` bits of `a` equal those of `network` (same family). */
export function inPrefix(a: Uint8Array, network: Uint8Array, prefixLength: number): boolean {
  if (a.length !== network.length) return false;
  let bits = prefixLength;
  for (let i = 0; i < a.length && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((a[i]! & mask) !== (network[i]! & mask)) return false;
  }
  return true;
}

/** The printable form used to build a URL: IPv6 in brackets. */
export function urlHostOf(ip: IpAddress, text: string): string {
  const bare = text.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  return ip.family === 6 ? `[${bare}]` : bare;
}
