import { describe, expect, test } from "bun:test";
import { ForgeHostsError, forgeHostOf, parseForgeHosts } from "../../src/config/forge-hosts.ts";

describe("parseForgeHosts", () => {
  test("gitlab.com (with GITLAB_TOKEN) and codeberg.org are known without configuration", () => {
    expect(parseForgeHosts({ GITLAB_TOKEN: " glpat-1 " })).toEqual([
      { host: "gitlab.com", kind: "gitlab", apiBase: "https://gitlab.com/api/v4", token: "glpat-1" },
      { host: "codeberg.org", kind: "gitea", apiBase: "https://codeberg.org/api/v1", token: null },
    ]);
    expect(parseForgeHosts({})[0]!.token).toBeNull();
  });

  test("entries by ';' or new lines: host=kind[,token]; forgejo is Gitea's API; an origin keeps its scheme and port", () => {
    const hosts = parseForgeHosts({
      FORGE_HOSTS: "Git.Example.com=gitlab,glpat-xyz;\n codeberg.org=forgejo,abc ; http://10.0.0.5:3000=gitea",
    });
    expect(forgeHostOf(hosts, "git.example.com")).toEqual({
      host: "git.example.com",
      kind: "gitlab",
      apiBase: "https://git.example.com/api/v4",
      token: "glpat-xyz",
    });
    expect(forgeHostOf(hosts, "codeberg.org")?.token).toBe("abc");
    expect(forgeHostOf(hosts, "10.0.0.5:3000")).toEqual({
      host: "10.0.0.5:3000",
      kind: "gitea",
      apiBase: "http://10.0.0.5:3000/api/v1",
      token: null,
    });
    expect(forgeHostOf(hosts, "www.gitlab.com")?.kind).toBe("gitlab");
    // a host reached at another address than the name resumes use
    const reached = parseForgeHosts({ FORGE_HOSTS: "gitlab.com@http://127.0.0.1:5055=gitlab,tok" });
    expect(reached[0]).toEqual({
      host: "gitlab.com",
      kind: "gitlab",
      apiBase: "http://127.0.0.1:5055/api/v4",
      token: "tok",
    });
    expect(reached).toHaveLength(2);
    expect(forgeHostOf(hosts, "bitbucket.org")).toBeNull();
  });

  test("a bad entry is refused with its position and the reason, never dropped", () => {
    const bad: Array<[string, RegExp]> = [
      ["git.example.com", /entry 1: expected host=kind/],
      ["a.example=gitlab; b.example=svn", /entry 2: the kind after "=" is not gitlab, gitea or forgejo/],
      ["a.example=gitlab,t1,t2", /cannot contain ","/],
      ["a.example=gitlab,to ken", /contains spaces/],
      ["https://a.example/path=gitea", /without a path/],
      ["ftp://a.example=gitea", /http\(s\) origin/],
      ["a.example=gitlab; A.example=gitea", /entries 1 and 2 name the same host twice/],
      ["github.com=gitlab", /GITHUB_TOKEN/],
      ["not a host@http://10.0.0.7=gitlab", /before "@" must be a host name/],
    ];
    for (const [value, message] of bad) {
      const err = (() => {
        try {
          parseForgeHosts({ FORGE_HOSTS: value });
          return null;
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(ForgeHostsError);
      expect(String((err as Error).message)).toMatch(message);
    }
  });

  test("a token never appears in an error message, wherever a typo put it", () => {
    expect(() => parseForgeHosts({ FORGE_HOSTS: "a.example=svn,secret-token" })).toThrow(/^(?!.*secret-token)/);
    // each value holds LEAK somewhere a mistake could put a token: no message may hold any part of it
    const typos = [
      "git.x gitlab glpat-LEAKA",
      "git.x=gitlab glpat-LEAKE",
      "git.x=glpat-LEAKB",
      "glpat LEAKC@http://10.0.0.7=gitlab",
      "http://glpat LEAKD=gitea,tok",
      "https://a.example/glpat-LEAKF=gitea",
      "a.example=gitlab,glpat LEAKG",
      "a.example=gitlab,LEAKH,LEAKI",
      "a.example=gitlab,LEAKJ; a.example=gitea,LEAKK",
      "github.com=gitlab,LEAKL",
    ];
    for (const value of typos) {
      let message = "";
      try {
        parseForgeHosts({ FORGE_HOSTS: value });
      } catch (e) {
        message = String((e as Error).message);
      }
      expect(message).toMatch(/^FORGE_HOSTS entr(y|ies) \d/);
      expect(message).not.toContain("LEAK");
      expect(message).not.toContain("glpat");
    }
  });
});
