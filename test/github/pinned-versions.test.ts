/**
 * The pieces of the pinned-version check: what each lockfile pins, and the registry client over the npm
 * and PyPI simulators (publish times, scoped names, failures that say nothing instead of failing).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { pinnedVersions } from "../../src/github/lockfile-pins.ts";
import { createPackageRegistry, npmPath } from "../../src/github/package-registry.ts";
import { type RegistrySimulator, startRegistrySimulator } from "../support/registry-sim/registry-simulator.ts";

describe("pinnedVersions", () => {
  test("package-lock.json v3 and v1, skipping the root and linked packages", () => {
    const v3 = JSON.stringify({
      lockfileVersion: 3,
      packages: {
        "": { name: "app", version: "1.0.0" },
        "node_modules/a": { version: "1.2.3" },
        "node_modules/a/node_modules/@s/b": { version: "4.0.0-beta.1" },
        "node_modules/local": { link: true, version: "0.0.1" },
      },
    });
    expect(pinnedVersions("package-lock.json", v3)).toEqual([
      { ecosystem: "npm", name: "a", version: "1.2.3" },
      { ecosystem: "npm", name: "@s/b", version: "4.0.0-beta.1" },
    ]);
    const v1 = JSON.stringify({
      lockfileVersion: 1,
      dependencies: { a: { version: "1.0.0", dependencies: { b: { version: "2.0.0" } } } },
    });
    expect(pinnedVersions("package-lock.json", v1).map((p) => `${p.name}@${p.version}`)).toEqual([
      "a@1.0.0",
      "b@2.0.0",
    ]);
    expect(pinnedVersions("package-lock.json", "{not json")).toEqual([]);
  });

  test("yarn.lock (v1 and Berry) and bun.lock", () => {
    const yarn1 =
      '# yarn lockfile v1\n\n"@s/b@^4.0.0", "@s/b@^4.1.0":\n  version "4.1.2"\n  resolved "x"\n\nleft@^1.0.0:\n  version "1.3.0"\n';
    expect(pinnedVersions("yarn.lock", yarn1).map((p) => `${p.name}@${p.version}`)).toEqual([
      "@s/b@4.1.2",
      "left@1.3.0",
    ]);
    const berry = '__metadata:\n  version: 6\n\n"left@npm:^1.0.0":\n  version: 1.3.0\n  resolution: "left@npm:1.3.0"\n';
    expect(pinnedVersions("yarn.lock", berry).map((p) => `${p.name}@${p.version}`)).toEqual(["left@1.3.0"]);
    const bun =
      '{\n  "lockfileVersion": 1,\n  "packages": {\n    "left": ["left@1.3.0", "", {}, "sha512-x"],\n    "@s/b": ["@s/b@4.1.2", "", {}, "sha512-y"],\n  },\n}\n';
    expect(pinnedVersions("bun.lock", bun).map((p) => `${p.name}@${p.version}`)).toEqual(["left@1.3.0", "@s/b@4.1.2"]);
  });

  test("requirements.txt pins only ==, poetry.lock every package", () => {
    const req =
      "# tools\nrequests==2.31.0\nFlask[async] == 3.0.0 ; python_version >= '3.8'\nnumpy>=1.26\n-e git+https://x\nrich===13.7.1  # pinned\n";
    expect(pinnedVersions("requirements.txt", req).map((p) => `${p.name}@${p.version}`)).toEqual([
      "requests@2.31.0",
      "flask@3.0.0",
      "rich@13.7.1",
    ]);
    const poetry =
      '[[package]]\nname = "Django"\nversion = "4.2.7"\n\n[[package]]\nname = "asgiref"\nversion = "3.7.2"\n';
    expect(pinnedVersions("poetry.lock", poetry).map((p) => `${p.ecosystem}:${p.name}@${p.version}`)).toEqual([
      "pypi:django@4.2.7",
      "pypi:asgiref@3.7.2",
    ]);
  });
});

describe("the registry client", () => {
  let reg: RegistrySimulator;
  beforeAll(() => {
    reg = startRegistrySimulator({
      npm: {
        "@scope/pkg": [{ version: "1.0.0", at: "2020-01-02T03:04:05.000Z" }],
        plain: [{ version: "2.0.0", at: "2021-05-06T00:00:00.000Z" }],
      },
      pypi: { Some_Project: [{ version: "3.2.0", at: "2022-08-01T12:00:00.000Z" }] },
    });
  });
  afterAll(() => reg.stop());

  test("reads npm's time map (scoped names keep their @) and PyPI's earliest upload", async () => {
    expect(npmPath("@scope/pkg")).toBe("@scope%2Fpkg");
    const r = createPackageRegistry({ npmUrl: reg.url, pypiUrl: `${reg.url}/` });
    expect(await r.publishedAt("npm", "@scope/pkg", "1.0.0")).toBe("2020-01-02T03:04:05.000Z");
    expect(await r.publishedAt("npm", "plain", "9.9.9")).toBeNull();
    expect(await r.publishedAt("pypi", "some-project", "3.2.0")).toBe("2022-08-01T12:00:00.000000Z");
    expect(await r.publishedAt("pypi", "some-project", "0.1")).toBeNull();
    expect(await r.publishedAt("npm", "missing", "1.0.0")).toBeNull();
  });

  test("remembers publish times: a second ask sends nothing", async () => {
    const r = createPackageRegistry({ npmUrl: reg.url, pypiUrl: reg.url });
    await r.publishedAt("npm", "plain", "2.0.0");
    const before = reg.calls.length;
    expect(await r.publishedAll([{ ecosystem: "npm", name: "plain", version: "2.0.0" }])).toEqual([
      "2021-05-06T00:00:00.000Z",
    ]);
    expect(reg.calls.length).toBe(before);
  });

  test("a failing, hanging or unconfigured registry says nothing, and is asked again next time", async () => {
    let answer: () => Response = () => new Response("oops", { status: 500 });
    const bad = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => answer() });
    const url = `http://127.0.0.1:${bad.port}`;
    try {
      const r = createPackageRegistry({ npmUrl: url, pypiUrl: url, timeoutMs: 200 });
      expect(await r.publishedAt("npm", "x", "1.0.0")).toBeNull();
      answer = () => new Response("{not json", { status: 200 });
      expect(await r.publishedAt("npm", "x", "1.0.0")).toBeNull();
      answer = () => Response.json({ time: { "1.0.0": "2020-01-01T00:00:00.000Z" } });
      expect(await r.publishedAt("npm", "x", "1.0.0")).toBe("2020-01-01T00:00:00.000Z");
      const hang = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Promise<Response>(() => {}) });
      try {
        const slow = createPackageRegistry({ npmUrl: `http://127.0.0.1:${hang.port}`, timeoutMs: 100 });
        expect(await slow.publishedAt("npm", "y", "1.0.0")).toBeNull();
      } finally {
        await hang.stop(true);
      }
      const off = createPackageRegistry({ npmUrl: null, pypiUrl: null });
      expect(await off.publishedAt("npm", "x", "1.0.0")).toBeNull();
      expect(await off.publishedAt("pypi", "x", "1.0.0")).toBeNull();
    } finally {
      await bad.stop(true);
    }
  });
});
