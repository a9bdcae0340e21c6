import type { Ecosystem } from "./package-registry.ts";

/**
 * Exact dependency versions a lockfile or manifest pins, for the publish-time check (a version published
 * after the commit that pins it means the commit was made later than its date). Pure; a malformed file
 * yields what could be read, never an exception. Ranges ("^1.2", ">=2") pin nothing and are skipped.
 */

export interface Pin {
  ecosystem: Ecosystem;
  name: string;
  version: string;
}

/** Root files that pin versions, in the order they are preferred (a lockfile before a manifest). */
export const PIN_FILES = ["package-lock.json", "bun.lock", "yarn.lock", "poetry.lock", "requirements.txt"] as const;
export type PinFile = (typeof PIN_FILES)[number];

const EXACT = /^\d+\.\d+(?:\.\d+)?(?:[-+.][0-9A-Za-z.+-]+)?$/;

const npm = (name: string, version: string): Pin | null =>
  name && EXACT.test(version) ? { ecosystem: "npm", name, version } : null;
const pypi = (name: string, version: string): Pin | null =>
  name && /^\d+(?:\.\d+)*(?:[a-z]+\d*)?(?:\.post\d+)?(?:\.dev\d+)?$/i.test(version)
    ? { ecosystem: "pypi", name: name.toLowerCase(), version }
    : null;

function packageLock(text: string): Pin[] {
  let doc: { packages?: Record<string, { version?: unknown; name?: unknown; link?: unknown }>; dependencies?: unknown };
  try {
    doc = JSON.parse(text);
  } catch {
    return [];
  }
  const out: (Pin | null)[] = [];
  // lockfileVersion 2 and 3: "node_modules/a/node_modules/@s/b" -> "@s/b"
  for (const [path, entry] of Object.entries(doc.packages ?? {})) {
    if (path === "" || entry?.link || typeof entry?.version !== "string") continue;
    const name = typeof entry.name === "string" ? entry.name : path.slice(path.lastIndexOf("node_modules/") + 13);
    out.push(npm(name, entry.version));
  }
  // lockfileVersion 1: nested "dependencies" maps
  const walk = (deps: unknown) => {
    if (!deps || typeof deps !== "object") return;
    for (const [name, e] of Object.entries(deps as Record<string, { version?: unknown; dependencies?: unknown }>)) {
      if (typeof e?.version === "string") out.push(npm(name, e.version));
      walk(e?.dependencies);
    }
  };
  if (!doc.packages) walk(doc.dependencies);
  return out.filter((p): p is Pin => p !== null);
}

/** bun.lock (JSON with trailing commas): "packages": { "<key>": ["name@version", ...] }. */
function bunLock(text: string): Pin[] {
  const out: Pin[] = [];
  for (const m of text.matchAll(/^\s*"[^"]+":\s*\[\s*"((?:@[^@"/]+\/)?[^@"]+)@([^"]+)"/gm)) {
    const pin = npm(m[1]!, m[2]!);
    if (pin) out.push(pin);
  }
  return out;
}

/** yarn.lock v1 ('"name@range", name@range:' then '  version "x"') and Berry ('"name@npm:range":' then '  version: x'). */
function yarnLock(text: string): Pin[] {
  const out: Pin[] = [];
  let current: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (/^\S/.test(line) && line.trimEnd().endsWith(":")) {
      const first = line.replace(/:$/, "").split(",")[0]!.trim().replace(/^"|"$/g, "");
      const at = first.indexOf("@", 1);
      current = at > 0 ? first.slice(0, at) : null;
      continue;
    }
    const v = line.match(/^\s+version:?\s+"?([^"\s]+)"?\s*$/);
    if (v && current) {
      const pin = npm(current, v[1]!);
      if (pin) out.push(pin);
      current = null;
    }
  }
  return out;
}

/** poetry.lock: [[package]] tables with name = "x" and version = "y". */
function poetryLock(text: string): Pin[] {
  const out: Pin[] = [];
  for (const block of text.split(/^\[\[package\]\]\s*$/m).slice(1)) {
    const name = block.match(/^name\s*=\s*"([^"]+)"/m)?.[1];
    const version = block.match(/^version\s*=\s*"([^"]+)"/m)?.[1];
    const pin = name && version ? pypi(name, version) : null;
    if (pin) out.push(pin);
  }
  return out;
}

/** requirements.txt: "name==version" lines (extras and markers allowed); ranges, URLs and options skipped. */
function requirements(text: string): Pin[] {
  const out: Pin[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+#.*$/, "").trim();
    const m = line.match(/^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*===?\s*([^\s;,]+)\s*(?:;.*)?$/);
    const pin = m ? pypi(m[1]!, m[2]!) : null;
    if (pin) out.push(pin);
  }
  return out;
}

const PARSERS: Record<PinFile, (text: string) => Pin[]> = {
  "package-lock.json": packageLock,
  "bun.lock": bunLock,
  "yarn.lock": yarnLock,
  "poetry.lock": poetryLock,
  "requirements.txt": requirements,
};

/** The exact versions `file` pins, each package once (its first pin), in file order. */
export function pinnedVersions(file: PinFile, text: string): Pin[] {
  const seen = new Set<string>();
  return PARSERS[file](text).filter((p) => {
    const key = `${p.ecosystem}|${p.name}|${p.version}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
