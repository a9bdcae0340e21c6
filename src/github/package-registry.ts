import { mapLimit } from "./map-limit.ts";

/**
 * Publish times of pinned dependency versions, read from the package registries (outside GitHub, so
 * outside its rate limits): npm's package document maps every version to its publish time (`time`), and
 * PyPI's release document lists its files with `upload_time_iso_8601` (the earliest is when the version
 * existed). A publish time never changes, so answers are remembered per (registry, package, version) for
 * the life of the process, failures excepted. Bounded: at most `maxLookups` packages per repository, a
 * few at once, each request with its own timeout; a registry that fails or times out says nothing.
 *
 * Point the base URLs at the registries themselves: a mirror's `time` fields are when the mirror took a
 * version in, not when it was published.
 */

export type Ecosystem = "npm" | "pypi";

export interface RegistryOptions {
  /** npm registry base URL (NPM_REGISTRY_URL), e.g. https://registry.npmjs.org */
  npmUrl?: string | null;
  /** PyPI base URL (PYPI_URL), e.g. https://pypi.org */
  pypiUrl?: string | null;
  /** packages looked up per repository at most (PACKAGE_LOOKUPS); 0 turns the check off */
  maxLookups?: number;
  timeoutMs?: number;
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

export interface PackageRegistry {
  maxLookups: number;
  /** when `version` of `name` was published, or null when unknown (not found, registry failing, not configured) */
  publishedAt(ecosystem: Ecosystem, name: string, version: string): Promise<string | null>;
  /** several at once, a few in flight */
  publishedAll(pins: readonly { ecosystem: Ecosystem; name: string; version: string }[]): Promise<(string | null)[]>;
}

export const DEFAULT_PACKAGE_LOOKUPS = 20;
const AT_ONCE = 4;
const TIMEOUT_MS = 10_000;
/** npm documents of every package asked, trimmed to their time maps (a publish time never changes) */
const npmTimes = new Map<string, Promise<Record<string, string> | null>>();
const pypiTimes = new Map<string, Promise<string | null>>();
const MEMO_MAX = 5000;

function remember<T>(memo: Map<string, Promise<T | null>>, key: string, compute: () => Promise<T | null>) {
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!);
  const p = compute();
  memo.set(key, p);
  // a failure (null) is not remembered: the next verification asks again
  p.then((v) => v === null && memo.delete(key)).catch(() => memo.delete(key));
  return p;
}

const base = (u: string) => u.replace(/\/+$/, "");
/** npm's path for a package: a scoped name keeps its @ and encodes its slash. */
export const npmPath = (name: string) =>
  name.startsWith("@") ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name);

export function createPackageRegistry(opts: RegistryOptions): PackageRegistry {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  const getJson = async (url: string): Promise<unknown> => {
    try {
      const res = await doFetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status !== 200) return null;
      return await res.json();
    } catch {
      return null;
    }
  };
  const npm = (name: string) =>
    remember(npmTimes, `${opts.npmUrl}|${name}`, async () => {
      const doc = (await getJson(`${base(opts.npmUrl!)}/${npmPath(name)}`)) as { time?: unknown } | null;
      const time = doc?.time;
      if (!time || typeof time !== "object") return null;
      return Object.fromEntries(Object.entries(time).filter(([, v]) => typeof v === "string")) as Record<
        string,
        string
      >;
    });
  const pypi = (name: string, version: string) =>
    remember(pypiTimes, `${opts.pypiUrl}|${name.toLowerCase()}|${version}`, async () => {
      const url = `${base(opts.pypiUrl!)}/pypi/${encodeURIComponent(name)}/${encodeURIComponent(version)}/json`;
      const doc = (await getJson(url)) as { urls?: Array<{ upload_time_iso_8601?: unknown }> } | null;
      const times = (doc?.urls ?? [])
        .map((f) => f.upload_time_iso_8601)
        .filter((t): t is string => typeof t === "string" && Number.isFinite(Date.parse(t)))
        .sort((a, b) => Date.parse(a) - Date.parse(b));
      return times[0] ?? null;
    });
  const registry: PackageRegistry = {
    maxLookups: Math.max(0, opts.maxLookups ?? DEFAULT_PACKAGE_LOOKUPS),
    async publishedAt(ecosystem, name, version) {
      if (ecosystem === "npm") {
        if (!opts.npmUrl) return null;
        const t = (await npm(name))?.[version];
        return t && Number.isFinite(Date.parse(t)) ? t : null;
      }
      return opts.pypiUrl ? pypi(name, version) : null;
    },
    publishedAll(pins) {
      return mapLimit([...pins], AT_ONCE, (p) => registry.publishedAt(p.ecosystem, p.name, p.version));
    },
  };
  return registry;
}
