/**
 * A resume with work on GitLab, Codeberg and an operator's own GitLab: the extractor reads their links as
 * repositories (GitLab's nested groups whole) and their profiles as profiles, on the hosts it is told.
 */
import { describe, expect, test } from "bun:test";
import { extractResumeInProcess } from "../../src/resume/extract-in-process.ts";
import { DEFAULT_READ_LIMITS } from "../../src/resume/pdf/pdf-reader.ts";
import { sampleResumePdf } from "../demo/resume-pdf.ts";

const resume = {
  name: "Ana Lima",
  email: "ana@example.com",
  githubLogin: "ana",
  profiles: ["gitlab.com/ana-gl", "codeberg.org/ana"],
  projects: [
    { name: "Route Planner", repoUrl: "gitlab.com/acme/platform/route-planner" },
    { name: "Tiny Wiki", repoUrl: "codeberg.org/ana/tiny-wiki" },
    { name: "Deploy Bot", repoUrl: "git.example.com/ops/deploy-bot" },
    { name: "Weather Dash", repoUrl: "github.com/ana/weather-dash" },
  ],
};

describe("links to GitLab and Gitea/Forgejo hosts", () => {
  test("repositories keep their real host and whole path; profiles on each host are read as profiles", async () => {
    const pdf = await sampleResumePdf(resume);
    const out = await extractResumeInProcess(pdf, DEFAULT_READ_LIMITS, {
      forgeHosts: [
        { host: "gitlab.com", kind: "gitlab" },
        { host: "codeberg.org", kind: "gitea" },
        { host: "git.example.com", kind: "gitlab" },
      ],
    });
    const byName = new Map(out.projects.map((p) => [p.name, p]));
    expect(byName.get("Route Planner")?.repoUrl).toBe("gitlab.com/acme/platform/route-planner");
    expect(byName.get("Route Planner")?.repoLinks[0]).toMatchObject({
      host: "gitlab.com",
      owner: "acme/platform",
      repo: "route-planner",
    });
    expect(byName.get("Tiny Wiki")?.repoUrl).toBe("codeberg.org/ana/tiny-wiki");
    expect(byName.get("Deploy Bot")?.repoUrl).toBe("git.example.com/ops/deploy-bot");
    expect(byName.get("Weather Dash")?.repoUrl).toBe("github.com/ana/weather-dash");
    expect(out.forgeProfiles?.map((p) => `${p.host}/${p.owner}`)).toEqual(["gitlab.com/ana-gl", "codeberg.org/ana"]);
    expect(out.githubProfiles.map((p) => p.owner)).toEqual(["ana"]);
  });

  test("a host nobody configured stays a web page: its link names no repository", async () => {
    const out = await extractResumeInProcess(await sampleResumePdf(resume));
    const deploy = out.projects.find((p) => p.name === "Deploy Bot");
    expect(deploy?.repoUrl ?? null).toBeNull();
    // gitlab.com and codeberg.org are known without configuration
    expect(out.projects.find((p) => p.name === "Tiny Wiki")?.repoUrl).toBe("codeberg.org/ana/tiny-wiki");
  });
});
