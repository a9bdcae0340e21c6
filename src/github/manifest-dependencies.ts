/**
 * Dependency names from a repository's manifest, for matching claimed technologies ("React", "Flask")
 * to code. Pure; a malformed manifest yields what could be read, never an exception.
 */

/** Root-level manifests the fetchers read, in order of preference. */
export const MANIFEST_FILES = [
  "package.json",
  "pyproject.toml",
  "requirements.txt",
  "Cargo.toml",
  "go.mod",
  "Gemfile",
  "composer.json",
  "pom.xml",
] as const;

export type ManifestFile = (typeof MANIFEST_FILES)[number];

const uniq = (xs: string[]) => [...new Set(xs.map((x) => x.trim()).filter(Boolean))];

function jsonKeys(text: string, sections: string[]): string[] {
  try {
    const doc = JSON.parse(text) as Record<string, unknown>;
    return sections.flatMap((s) => {
      const v = doc[s];
      return typeof v === "object" && v !== null && !Array.isArray(v) ? Object.keys(v) : [];
    });
  } catch {
    return [];
  }
}

/** "requests[socks]>=2.0 ; python_version<'3.8'" -> "requests" (PEP 508 name). */
const pep508Name = (spec: string): string => spec.trim().match(/^[A-Za-z0-9][A-Za-z0-9._-]*/)?.[0] ?? "";

function tomlTable(doc: Record<string, unknown>, path: string[]): Record<string, unknown> {
  let cur: unknown = doc;
  for (const p of path) cur = typeof cur === "object" && cur !== null ? (cur as Record<string, unknown>)[p] : undefined;
  return typeof cur === "object" && cur !== null && !Array.isArray(cur) ? (cur as Record<string, unknown>) : {};
}

function parseToml(text: string): Record<string, unknown> {
  try {
    return Bun.TOML.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The dependency names a manifest declares (runtime and development). */
export function manifestDependencies(file: ManifestFile, text: string): string[] {
  switch (file) {
    case "package.json":
      return uniq(jsonKeys(text, ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"]));
    case "composer.json":
      return uniq(jsonKeys(text, ["require", "require-dev"]).filter((d) => d !== "php" && !d.startsWith("ext-")));
    case "requirements.txt":
      return uniq(
        text
          .split("\n")
          .map((l) => l.replace(/#.*/, "").trim())
          .filter((l) => l && !l.startsWith("-"))
          .map(pep508Name),
      );
    case "pyproject.toml": {
      const doc = parseToml(text);
      const project = tomlTable(doc, ["project"]);
      const deps = Array.isArray(project.dependencies)
        ? project.dependencies.filter((d): d is string => typeof d === "string")
        : [];
      const optional = Object.values(tomlTable(doc, ["project", "optional-dependencies"])).flatMap((v) =>
        Array.isArray(v) ? v.filter((d): d is string => typeof d === "string") : [],
      );
      const poetry = [
        ...Object.keys(tomlTable(doc, ["tool", "poetry", "dependencies"])),
        ...Object.keys(tomlTable(doc, ["tool", "poetry", "dev-dependencies"])),
      ].filter((d) => d.toLowerCase() !== "python");
      return uniq([...deps, ...optional].map(pep508Name).concat(poetry));
    }
    case "Cargo.toml": {
      const doc = parseToml(text);
      return uniq(
        ["dependencies", "dev-dependencies", "build-dependencies"].flatMap((t) => Object.keys(tomlTable(doc, [t]))),
      );
    }
    case "go.mod": {
      const names: string[] = [];
      let inBlock = false;
      for (const raw of text.split("\n")) {
        const line = raw.replace(/\/\/.*/, "").trim();
        if (/^require\s*\($/.test(line)) inBlock = true;
        else if (inBlock && line === ")") inBlock = false;
        else if (inBlock && line) names.push(line.split(/\s+/)[0]!);
        else if (line.startsWith("require ")) names.push(line.slice(8).trim().split(/\s+/)[0]!);
      }
      return uniq(names);
    }
    case "Gemfile":
      return uniq([...text.matchAll(/^\s*gem\s+["']([^"']+)["']/gm)].map((m) => m[1]!));
    case "pom.xml":
      return uniq(
        [...text.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)].map(
          (m) => m[1]!.match(/<artifactId>\s*([^<\s]+)\s*<\/artifactId>/)?.[1] ?? "",
        ),
      );
  }
}
