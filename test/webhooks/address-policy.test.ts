import { describe, expect, test } from "bun:test";
import { type AddressKind, classifyAddress, isKindAllowed } from "../../src/webhooks/address-policy.ts";
import { parseIp } from "../../src/webhooks/ip-address.ts";

describe("classifyAddress", () => {
  const table: Array<[string, AddressKind]> = [
    ["93.184.216.34", "public"],
    ["8.8.8.8", "public"],
    ["2606:4700:4700::1111", "public"],
    ["169.254.169.254", "metadata"],
    ["169.254.170.2", "metadata"],
    ["100.100.100.200", "metadata"],
    ["192.0.0.192", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["FD00:EC2:0:0:0:0:0:254", "metadata"],
    ["::ffff:169.254.169.254", "metadata"], // IPv4-mapped
    ["::ffff:a9fe:a9fe", "metadata"], // the same, in hex
    ["64:ff9b::169.254.169.254", "metadata"], // NAT64
    ["::169.254.169.254", "metadata"], // IPv4-compatible
    // every IPv6 form that embeds an IPv4 address is judged by that address
    ["::ffff:0:169.254.169.254", "metadata"], // IPv4-translated (SIIT, RFC 2765)
    ["::ffff:0:a9fe:a9fe", "metadata"], // the same, in hex
    ["::ffff:0:127.0.0.1", "loopback"],
    ["::ffff:0:10.0.0.1", "private"],
    ["::ffff:0:8.8.8.8", "public"],
    ["64:ff9b::a9fe:a9fe", "metadata"], // NAT64 well-known prefix, hex
    ["64:ff9b::127.0.0.1", "loopback"],
    ["64:ff9b::10.1.2.3", "private"],
    ["64:ff9b::8.8.8.8", "public"],
    ["64:ff9b:1::169.254.169.254", "metadata"], // local-use NAT64 (RFC 8215)
    ["64:ff9b:1::127.0.0.1", "loopback"],
    ["2002:a9fe:a9fe::", "metadata"], // 6to4: 2002:V4ADDR::/48
    ["2002:a9fe:a9fe:1:2:3:4:5", "metadata"],
    ["2002:7f00:1::1", "loopback"],
    ["2002:0a00:0001::1", "private"],
    ["2002:c0a8:0101::1", "private"],
    ["2002:0808:0808::1", "public"],
    ["2001:0:4136:e378:8000:63bf:5601:5601", "metadata"], // Teredo, client 169.254.169.254 (bits inverted)
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", "loopback"], // Teredo, client 127.0.0.1
    ["2001:0:4136:e378:8000:63bf:f5ff:fffe", "private"], // Teredo, client 10.0.0.1
    ["2001:0:a9fe:a9fe:8000:63bf:f7f7:f7f7", "metadata"], // Teredo server 169.254.169.254
    ["2001:0:4136:e378:8000:63bf:f7f7:f7f7", "public"], // Teredo, client 8.8.8.8, server 65.54.227.120
    ["::127.0.0.1", "loopback"], // IPv4-compatible
    ["::10.0.0.1", "private"],
    ["::0.0.0.2", "unspecified"], // IPv4-compatible 0.0.0.2: "this network"
    ["fe80::5efe:169.254.169.254", "metadata"], // ISATAP on a link-local prefix: the worse of the two
    ["2001:db8::5efe:169.254.169.254", "metadata"], // ISATAP interface id
    ["2600::200:5efe:127.0.0.1", "loopback"], // ISATAP (universal bit)
    ["2001:db8::5efe:8.8.8.8", "reserved"], // 2001:db8::/32 is documentation-only
    ["2600::5efe:8.8.8.8", "public"],
    ["[fd00:ec2::254]", "metadata"],
    ["169.254.1.1", "link_local"],
    ["fe80::1", "link_local"],
    ["fe80::1%eth0", "link_local"],
    ["febf::1", "link_local"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", "public"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["fd12:3456::1", "private"],
    ["fc00::1", "private"],
    ["::ffff:10.0.0.1", "private"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["240.0.0.1", "reserved"],
    // ::/8 is reserved, apart from ::, ::1 and the prefixes that carry an IPv4 address (judged by it)
    ["::1:0:0:1", "reserved"],
    ["::2:0:0:0:1", "reserved"],
    ["0:0:0:0:0:1:0:1", "reserved"],
    ["ff::1", "reserved"],
    ["::fffe:0:0:1", "reserved"],
    ["::1:a9fe:a9fe", "reserved"],
    ["100:0:0:1::", "public"], // outside ::/8 (0100::/64 is the discard prefix only)
    ["::ffff:8.8.8.8", "public"],
    ["::ffff:0:8.8.8.8", "public"],
    ["::8.8.8.8", "public"],
    ["64:ff9b:2::1", "reserved"], // beside the NAT64 prefixes, still ::/8
    ["localhost", "invalid"],
    ["1.2.3", "invalid"],
    ["01.2.3.4", "invalid"],
    ["256.1.1.1", "invalid"],
    ["1::2::3", "invalid"],
    ["1:2:3:4:5:6:7:8:9", "invalid"],
    ["", "invalid"],
  ];
  test.each(table)("%s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe("isKindAllowed", () => {
  const table: Array<[AddressKind, boolean, boolean]> = [
    // kind, allowed by default, allowed with WEBHOOK_BLOCK_PRIVATE=true
    ["public", true, true],
    ["loopback", true, false],
    ["private", true, false],
    ["metadata", false, false],
    ["link_local", false, false],
    ["unspecified", false, false],
    ["multicast", false, false],
    ["reserved", false, false],
    ["invalid", false, false],
  ];
  test.each(table)("%s: default %p, blocking private %p", (kind, byDefault, blocking) => {
    expect(isKindAllowed(kind, false)).toBe(byDefault);
    expect(isKindAllowed(kind, true)).toBe(blocking);
  });
});

describe("parseIp", () => {
  test("IPv6 forms expand to the same 16 bytes", () => {
    const a = parseIp("2001:db8::1")!.bytes;
    expect(parseIp("2001:0db8:0000:0000:0000:0000:0000:0001")!.bytes).toEqual(a);
    expect(parseIp("[2001:db8::1]")!.bytes).toEqual(a);
    expect(parseIp("::ffff:1.2.3.4")!.bytes.slice(10)).toEqual(new Uint8Array([0xff, 0xff, 1, 2, 3, 4]));
  });
  test("IPv4 is four bytes, IPv6 sixteen", () => {
    expect(parseIp("1.2.3.4")).toEqual({ family: 4, bytes: new Uint8Array([1, 2, 3, 4]) });
    expect(parseIp("::")!.bytes.length).toBe(16);
  });
});
