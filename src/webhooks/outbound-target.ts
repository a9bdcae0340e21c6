import { classifyAddress, isKindAllowed } from "./address-policy.ts";
import { classifyNetworkError, describeError } from "./attempt-outcome.ts";
import { parseIp, urlHostOf } from "./ip-address.ts";

/** Name resolution behind an interface: the system resolver in production, a table in tests. */
export type Resolver = (hostname: string) => Promise<string[]>;

/**
 * getaddrinfo, as every other program on the host resolves names (hosts file included); IPv4 first.
 * node:dns is imported at the first lookup: a start that delivers nothing does not evaluate it.
 */
export const systemResolver: Resolver = async (hostname) => {
  const { promises: dns } = await import("node:dns");
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.sort((a, b) => a.family - b.family).map((a) => a.address);
};

/** Where one attempt connects: the checked address, with the original name for Host and TLS. */
export interface PinnedTarget {
  ok: true;
  /** the URL with its host replaced by the checked address */
  fetchUrl: string;
  /** the original `host[:port]`, sent as the Host header */
  hostHeader: string;
  /** the name the TLS certificate must match (SNI); null when the URL names an IP */
  serverName: string | null;
  address: string;
}

export type TargetProblem = { ok: false; outcome: "config" | "dns" | "blocked"; error: string };

/**
 * Resolve a webhook URL and choose an address that the outbound policy allows. The caller connects to
 * exactly that address (no second lookup), so a name that re-resolves to another address between the
 * check and the connection (DNS rebinding) cannot reach a forbidden one.
 */
export async function resolveTarget(
  rawUrl: string,
  o: { resolve: Resolver; blockPrivate: boolean },
): Promise<PinnedTarget | TargetProblem> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, outcome: "config", error: "the webhook URL is not a valid absolute URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, outcome: "config", error: "the webhook URL must use http or https" };
  if (url.username || url.password)
    return { ok: false, outcome: "config", error: "the webhook URL must not carry credentials" };
  const literal = parseIp(url.hostname);
  let addresses: string[];
  if (literal) addresses = [url.hostname.replace(/^\[|\]$/g, "")];
  else {
    try {
      addresses = await o.resolve(url.hostname);
    } catch (err) {
      const cls = classifyNetworkError(err);
      return {
        ok: false,
        outcome: "dns",
        error: `could not resolve ${url.hostname}: ${describeError(err)}${cls === "dns" ? "" : ` (${cls})`}`,
      };
    }
    if (addresses.length === 0) return { ok: false, outcome: "dns", error: `${url.hostname} has no addresses` };
  }
  const judged = addresses.map((a) => ({ a, kind: classifyAddress(a) }));
  const allowed = judged.find((j) => isKindAllowed(j.kind, o.blockPrivate));
  if (!allowed) {
    const why = judged.map((j) => `${j.a} (${j.kind.replace("_", "-")})`).join(", ");
    const hint =
      judged.some((j) => j.kind === "private" || j.kind === "loopback") && o.blockPrivate
        ? "; WEBHOOK_BLOCK_PRIVATE=true forbids private and loopback addresses"
        : "";
    return {
      ok: false,
      outcome: "blocked",
      error: `${url.hostname} resolves only to forbidden addresses: ${why}${hint}`,
    };
  }
  const ip = parseIp(allowed.a)!;
  const port = url.port ? `:${url.port}` : "";
  return {
    ok: true,
    fetchUrl: `${url.protocol}//${urlHostOf(ip, allowed.a)}${port}${url.pathname}${url.search}`,
    hostHeader: url.host,
    serverName: literal ? null : url.hostname,
    address: allowed.a,
  };
}
