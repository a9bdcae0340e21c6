/**
 * The npm registry and PyPI on 127.0.0.1 (port 0), each from its published contract, serving the publish
 * times the anachronism check reads:
 *   npm:  GET /{name} (a scoped name as /@scope%2fname or /@scope/name): the package document, whose `time`
 *         maps each version to its publish time (plus `created` and `modified`); 404 {"error":"Not found"}.
 *   PyPI: GET /pypi/{project}/{version}/json: the release, whose `urls` list its files, each with
 *         `upload_time` and `upload_time_iso_8601`; GET /pypi/{project}/json: the project with `releases`;
 *         404 {"message":"Not Found"}. Project names are normalised as PEP 503 says (runs of -_. are one -).
 * Every request is logged (`calls`), so tests can count what a verification asked.
 */

export interface PublishedVersion {
  version: string;
  /** ISO 8601 publish (npm) or first upload (PyPI) time */
  at: string;
}

export interface RegistrySimulator {
  url: string;
  calls: string[];
  stop(): Promise<void>;
}

const pep503 = (s: string) => s.toLowerCase().replace(/[-_.]+/g, "-");

function npmDocument(name: string, versions: readonly PublishedVersion[]) {
  const sorted = [...versions].sort((a, b) => a.at.localeCompare(b.at));
  const latest = sorted[sorted.length - 1]?.version ?? "0.0.0";
  return {
    _id: name,
    name,
    "dist-tags": { latest },
    versions: Object.fromEntries(sorted.map((v) => [v.version, { name, version: v.version }])),
    time: {
      created: sorted[0]?.at,
      modified: sorted[sorted.length - 1]?.at,
      ...Object.fromEntries(sorted.map((v) => [v.version, v.at])),
    },
  };
}

function pypiFiles(name: string, v: PublishedVersion) {
  const at = new Date(v.at);
  const later = new Date(at.getTime() + 60_000);
  return [at, later].map((t, i) => ({
    filename: i === 0 ? `${name}-${v.version}.tar.gz` : `${name.replace(/-/g, "_")}-${v.version}-py3-none-any.whl`,
    packagetype: i === 0 ? "sdist" : "bdist_wheel",
    upload_time: t.toISOString().slice(0, 19),
    upload_time_iso_8601: t.toISOString().replace(/\.000Z$/, ".000000Z"),
    yanked: false,
  }));
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Serves npm packages (`npm`) and PyPI projects (`pypi`), each a list of versions with their times. */
export function startRegistrySimulator(packages: {
  npm?: Record<string, PublishedVersion[]>;
  pypi?: Record<string, PublishedVersion[]>;
}): RegistrySimulator {
  const npm = new Map(Object.entries(packages.npm ?? {}));
  const pypi = new Map(Object.entries(packages.pypi ?? {}).map(([k, v]) => [pep503(k), { name: k, versions: v }]));
  const calls: string[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const url = new URL(req.url);
      calls.push(url.pathname);
      if (req.method !== "GET") return json(405, { error: "Method not allowed" });
      const py = url.pathname.match(/^\/pypi\/([^/]+)(?:\/([^/]+))?\/json\/?$/);
      if (py) {
        const project = pypi.get(pep503(decodeURIComponent(py[1]!)));
        if (!project) return json(404, { message: "Not Found" });
        const info = (v: string) => ({ name: project.name, version: v });
        if (py[2] === undefined) {
          const releases = Object.fromEntries(project.versions.map((v) => [v.version, pypiFiles(project.name, v)]));
          const latest = [...project.versions].sort((a, b) => a.at.localeCompare(b.at)).pop();
          return json(200, {
            info: info(latest?.version ?? ""),
            releases,
            urls: latest ? releases[latest.version] : [],
          });
        }
        const v = project.versions.find((x) => x.version === decodeURIComponent(py[2]!));
        if (!v) return json(404, { message: "Not Found" });
        return json(200, { info: info(v.version), urls: pypiFiles(project.name, v), vulnerabilities: [] });
      }
      const name = decodeURIComponent(url.pathname.slice(1));
      const versions = npm.get(name);
      if (!versions) return json(404, { error: "Not found" });
      return json(200, npmDocument(name, versions));
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    calls,
    async stop() {
      await server.stop(true);
    },
  };
}
