import type { GitCommitRecord } from "../github-sim/git-reader.ts";
import { type CommitSpec, git } from "../github-sim/git-writer.ts";
import { type RepoSpec, type SimRepo, SimWorld, type UserSpec } from "../github-sim/sim-world.ts";
import { type PushSpec, planPushes } from "./push-plan.ts";

/** An account on a simulated GitLab or Gitea: GitHub's UserSpec plus what those hosts show. */
export interface ForgeUserSpec extends UserSpec {
  /** the email the profile shows publicly (GitLab public_email; Gitea shows none to others); default none */
  publicEmail?: string | null;
}

/** A repository to build, with the pushes that brought its commits (derived when absent, see planPushes). */
export interface ForgeRepoSpec extends RepoSpec {
  pushes?: PushSpec[];
}

/** A push as the host recorded it: who, when (server time), and which commits it brought. */
export interface PushRecord {
  id: number;
  repoId: number;
  /** login of the pusher */
  by: string;
  /** epoch ms, server-written */
  at: number;
  ref: string;
  /** the branch head before the push (null: the push created the branch) */
  before: string | null;
  after: string;
  /** the commits the push brought, oldest first */
  shas: string[];
}

/** A commit signature the host verified (the simulator keeps metadata only, no cryptography). */
export interface SignatureSpec {
  kind: "gpg" | "ssh" | "x509";
  verified: boolean;
  /** the email of the signing key's owner */
  email: string;
  name?: string;
}

/** Both host simulators' state: the shared SimWorld (accounts, real git repositories) plus push records. */
export class ForgeWorld {
  readonly git: SimWorld;
  private pushes = new Map<number, PushRecord[]>();
  private publicEmails = new Map<string, string>();
  readonly signatures = new Map<string, SignatureSpec>();
  private nextPushId = 7_000_000;

  constructor(root: string) {
    this.git = new SimWorld(root, []);
  }

  addUser(spec: ForgeUserSpec): void {
    this.git.addUser(spec);
    if (spec.publicEmail) this.publicEmails.set(spec.login.toLowerCase(), spec.publicEmail);
  }

  publicEmailOf(login: string): string | null {
    return this.publicEmails.get(login.toLowerCase()) ?? null;
  }

  /** Builds the repository with git and records the pushes that brought its commits. */
  async addRepo(spec: ForgeRepoSpec): Promise<SimRepo> {
    const repo = await this.git.addRepo(spec);
    const chain = await firstParentChain(repo.dir, repo.defaultBranch);
    const own = chain.slice(chain.length - spec.commits.length);
    const base = chain.length > own.length ? chain[chain.length - own.length - 1]! : null;
    const plan = planPushes({
      commits: spec.commits,
      createdAt: Date.parse(repo.createdAt),
      pushedAt: spec.pushedAt,
      pushes: spec.pushes,
    });
    for (const p of plan) {
      const shas = own.slice(p.from, p.to);
      this.record(repo, p.by ?? repo.owner, p.at, p.from === 0 ? base : own[p.from - 1]!, shas);
    }
    return repo;
  }

  /** Pushes commits at server time `at` (epoch ms or ISO) by `by` (default the owner), and records it. */
  async push(fullName: string, commits: CommitSpec[], at: string | number, by?: string): Promise<PushRecord> {
    const repo = this.git.repo(fullName);
    if (!repo) throw new Error(`simulator: repository ${fullName} not found`);
    const before = (await this.git.commits(repo))[0]?.sha ?? null;
    const ms = typeof at === "number" ? at : Date.parse(at);
    await this.git.push(fullName, commits, new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z"));
    const chain = await firstParentChain(repo.dir, repo.defaultBranch);
    return this.record(repo, by ?? repo.owner, ms, before, chain.slice(chain.length - commits.length));
  }

  private record(repo: SimRepo, by: string, at: number, before: string | null, shas: string[]): PushRecord {
    const rec: PushRecord = {
      id: this.nextPushId++,
      repoId: repo.id,
      by,
      at,
      ref: repo.defaultBranch,
      before,
      after: shas[shas.length - 1] ?? before ?? "",
      shas,
    };
    const list = this.pushes.get(repo.id) ?? [];
    list.push(rec);
    this.pushes.set(repo.id, list);
    return rec;
  }

  /** A repository's pushes, newest first (the order both hosts list events in). */
  pushesOf(repo: SimRepo): PushRecord[] {
    return [...(this.pushes.get(repo.id) ?? [])].sort((a, b) => b.at - a.at || b.id - a.id);
  }

  /** Every push by an account, newest first. */
  pushesBy(login: string): PushRecord[] {
    const all = [...this.pushes.values()].flat().filter((p) => p.by.toLowerCase() === login.toLowerCase());
    return all.sort((a, b) => b.at - a.at || b.id - a.id);
  }

  /** A commit of the repository by sha (the default branch's, or any object in its store). */
  async commit(repo: SimRepo, sha: string): Promise<GitCommitRecord | undefined> {
    return (await this.git.commits(repo)).find((c) => c.sha === sha);
  }

  /** Forks of a repository (direct children). */
  forksOf(repo: SimRepo): SimRepo[] {
    const full = `${repo.owner}/${repo.name}`.toLowerCase();
    return this.git.allRepos().filter((r) => r.forkOf?.toLowerCase() === full);
  }
}

/** The default branch's first-parent chain, oldest first: every commit a fast-import batch wrote, in order. */
async function firstParentChain(dir: string, branch: string): Promise<string[]> {
  try {
    const out = await git(["rev-list", "--first-parent", "--reverse", `refs/heads/${branch}`], { cwd: dir });
    return out.split("\n").filter(Boolean);
  } catch {
    return [];
  }
}
