import { type IpAddress, inPrefix, parseIp } from "./ip-address.ts";

/**
 * What an address is, for outbound safety. `metadata` and `link_local` (and the unroutable kinds) are
 * never called; `loopback` and `private` are allowed unless WEBHOOK_BLOCK_PRIVATE is set.
 */
export type AddressKind =
  | "public"
  | "metadata"
  | "link_local"
  | "loopback"
  | "private"
  | "unspecified"
  | "multicast"
  | "reserved"
  | "invalid";

interface Range {
  net: string;
  len: number;
  kind: Exclude<AddressKind, "public" | "invalid">;
}

/** Cloud instance-metadata endpoints: credentials live there, so they are refused even when private ranges are allowed. */
const METADATA: Range[] = [
  { net: "169.254.169.254", len: 32, kind: "metadata" }, // AWS, GCP, Azure, OpenStack, Oracle, DigitalOcean
  { net: "169.254.170.2", len: 32, kind: "metadata" }, // AWS ECS task credentials
  { net: "169.254.169.123", len: 32, kind: "metadata" }, // AWS time sync
  { net: "100.100.100.200", len: 32, kind: "metadata" }, // Alibaba Cloud
  { net: "192.0.0.192", len: 32, kind: "metadata" }, // Oracle Cloud (legacy)
  { net: "fd00:ec2::254", len: 128, kind: "metadata" }, // AWS IMDS over IPv6
  { net: "fd00:ec2::23", len: 128, kind: "metadata" }, // AWS DNS/time over IPv6
];

const V4: Range[] = [
  { net: "0.0.0.0", len: 8, kind: "unspecified" },
  { net: "127.0.0.0", len: 8, kind: "loopback" },
  { net: "169.254.0.0", len: 16, kind: "link_local" },
  { net: "10.0.0.0", len: 8, kind: "private" },
  { net: "172.16.0.0", len: 12, kind: "private" },
  { net: "192.168.0.0", len: 16, kind: "private" },
  { net: "100.64.0.0", len: 10, kind: "private" }, // carrier-grade NAT, often the inside of a cloud
  { net: "198.18.0.0", len: 15, kind: "private" }, // benchmarking, used inside some networks
  { net: "192.0.0.0", len: 24, kind: "reserved" }, // IETF protocol assignments
  { net: "224.0.0.0", len: 4, kind: "multicast" },
  { net: "240.0.0.0", len: 4, kind: "reserved" }, // includes 255.255.255.255
];

const V6: Range[] = [
  { net: "::", len: 128, kind: "unspecified" },
  { net: "::1", len: 128, kind: "loopback" },
  { net: "fe80::", len: 10, kind: "link_local" },
  { net: "fec0::", len: 10, kind: "private" }, // deprecated site-local
  { net: "fc00::", len: 7, kind: "private" }, // unique local
  { net: "ff00::", len: 8, kind: "multicast" },
  { net: "100::", len: 64, kind: "reserved" }, // discard-only
];

type Compiled = { bytes: Uint8Array; len: number; kind: Range["kind"] };
const compile = (rs: Range[]): Compiled[] =>
  rs.map((r) => ({ bytes: parseIp(r.net)!.bytes, len: r.len, kind: r.kind }));
const METADATA_C = compile(METADATA);
const V4_C = compile(V4);
const V6_C = compile(V6);

/** IPv6 forms that carry an IPv4 address the packet really goes to: mapped, compatible, NAT64. */
const EMBEDDED_V4: Array<{ bytes: Uint8Array; len: number }> = [
  { bytes: parseIp("::ffff:0:0")!.bytes, len: 96 },
  { bytes: parseIp("64:ff9b::")!.bytes, len: 96 },
  { bytes: parseIp("64:ff9b:1::")!.bytes, len: 48 },
  { bytes: parseIp("::")!.bytes, len: 96 }, // IPv4-compatible (deprecated), e.g. ::169.254.169.254
];

function embeddedV4(a: IpAddress): IpAddress | null {
  if (a.family !== 6) return null;
  for (const e of EMBEDDED_V4) {
    if (!inPrefix(a.bytes, e.bytes, e.len)) continue;
    const v4 = a.bytes.slice(12);
    // `::` and `::1` are themselves, not IPv4-compatible 0.0.0.0 / 0.0.0.1
    if (e.len === 96 && e.bytes.every((b) => b === 0) && v4[0] === 0 && v4[1] === 0 && v4[2] === 0) return null;
    return { family: 4, bytes: v4 };
  }
  return null;
}

/** Classify an address literal (pure; table-tested). Embedded IPv4 addresses are judged as IPv4. */
export function classifyAddress(text: string): AddressKind {
  const ip = parseIp(text);
  if (!ip) return "invalid";
  const target = embeddedV4(ip) ?? ip;
  for (const r of METADATA_C) if (inPrefix(target.bytes, r.bytes, r.len)) return "metadata";
  for (const r of target.family === 4 ? V4_C : V6_C) if (inPrefix(target.bytes, r.bytes, r.len)) return r.kind;
  return "public";
}

/** Whether a webhook may be sent to an address of this kind. */
export function isKindAllowed(kind: AddressKind, blockPrivate: boolean): boolean {
  if (kind === "public") return true;
  if (kind === "loopback" || kind === "private") return !blockPrivate;
  return false;
}
