import { embeddedV4 } from "./embedded-v4.ts";
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
  /** `carrier`: the prefix only carries an IPv4 address, which is judged instead (embedded-v4.ts) */
  kind: Exclude<AddressKind, "public" | "invalid"> | "carrier";
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
  // inside ::/8, only these carry something routable: an IPv4 address, judged on its own
  { net: "::ffff:0:0", len: 96, kind: "carrier" }, // IPv4-mapped
  { net: "::ffff:0:0:0", len: 96, kind: "carrier" }, // IPv4-translated (SIIT)
  { net: "::", len: 96, kind: "carrier" }, // IPv4-compatible (deprecated)
  { net: "64:ff9b::", len: 96, kind: "carrier" }, // NAT64 well-known prefix
  { net: "64:ff9b:1::", len: 48, kind: "carrier" }, // NAT64 local use
  { net: "::", len: 8, kind: "reserved" }, // the rest of ::/8 is reserved by the IETF (RFC 4291)
  { net: "fe80::", len: 10, kind: "link_local" },
  { net: "fec0::", len: 10, kind: "private" }, // deprecated site-local
  { net: "fc00::", len: 7, kind: "private" }, // unique local
  { net: "ff00::", len: 8, kind: "multicast" },
  { net: "100::", len: 64, kind: "reserved" }, // discard-only
  { net: "2001:db8::", len: 32, kind: "reserved" }, // documentation
  { net: "3fff::", len: 20, kind: "reserved" }, // documentation (RFC 9637)
];

type Compiled = { bytes: Uint8Array; len: number; kind: Range["kind"] };
const compile = (rs: Range[]): Compiled[] =>
  rs.map((r) => ({ bytes: parseIp(r.net)!.bytes, len: r.len, kind: r.kind }));
/** The tables parsed at the first classification, not at start (a start classifies nothing). */
let compiled: { metadata: Compiled[]; v4: Compiled[]; v6: Compiled[] } | null = null;
const tables = () => (compiled ??= { metadata: compile(METADATA), v4: compile(V4), v6: compile(V6) });

/** Worst first: when an address has several readings (IPv6 and the IPv4 inside it), the worst one counts. */
const SEVERITY: AddressKind[] = [
  "metadata",
  "link_local",
  "unspecified",
  "multicast",
  "reserved",
  "loopback",
  "private",
  "public",
];

function classifyBytes(ip: IpAddress): Exclude<AddressKind, "invalid"> {
  const t = tables();
  for (const r of t.metadata) if (inPrefix(ip.bytes, r.bytes, r.len)) return "metadata";
  for (const r of ip.family === 4 ? t.v4 : t.v6)
    if (inPrefix(ip.bytes, r.bytes, r.len)) return r.kind === "carrier" ? "public" : r.kind;
  return "public";
}

/** Classify an address literal (pure; table-tested). Every IPv4 address embedded in an IPv6 one is judged too. */
export function classifyAddress(text: string): AddressKind {
  const ip = parseIp(text);
  if (!ip) return "invalid";
  const kinds: AddressKind[] = [ip, ...embeddedV4(ip)].map(classifyBytes);
  return SEVERITY.find((k) => kinds.includes(k)) ?? "public";
}

/** Whether a webhook may be sent to an address of this kind. */
export function isKindAllowed(kind: AddressKind, blockPrivate: boolean): boolean {
  if (kind === "public") return true;
  if (kind === "loopback" || kind === "private") return !blockPrivate;
  return false;
}
