import { expect, test } from "bun:test";
import { AnalysisFailure, type AnalysisFailureCode } from "../../src/analysis/types.ts";
import { ForgeRateLimitedError, ForgeUnavailableError } from "../../src/forges/types.ts";
import { GitHubRateLimitedError, GitHubUnavailableError } from "../../src/github/types.ts";
import { JobDeadlineExceeded, PermanentJobError } from "../../src/jobs/job-errors.ts";
import { FAILURE_CODES } from "../../src/lib/errors.ts";
import { ResumeError, type ResumeErrorCode } from "../../src/resume/types.ts";
import { failureReason, knownFailure } from "../../src/verification/failure-codes.ts";

test.each([
  [
    "a permanent job error",
    new PermanentJobError("pdf_no_text", "the PDF has no text layer"),
    { code: "pdf_no_text", message: "the PDF has no text layer" },
  ],
  [
    "GitHub unavailable",
    new GitHubUnavailableError("502 three times"),
    { code: "github_unavailable", message: "GitHub could not be reached after several retries: 502 three times" },
  ],
  [
    "another host unavailable",
    new ForgeUnavailableError("gitlab.com kept failing on GET /users after 4 attempts: 502", "gitlab.com", 502),
    {
      code: "host_unavailable",
      message:
        "gitlab.com could not be reached after several retries, or refused the request: gitlab.com kept failing on GET /users after 4 attempts: 502",
    },
  ],
  [
    "another host's budget spent (a local run)",
    new ForgeRateLimitedError(Date.parse("2026-01-01T00:00:00Z"), "gitlab.com"),
    {
      code: "github_rate_limited",
      message:
        "gitlab.com rate limit exhausted until 2026-01-01T00:00:00.000Z; set the host's token (GITLAB_TOKEN, or FORGE_HOSTS) or try again after the reset",
    },
  ],
])("%s is reported as it says", (_, err, out) =>
  expect<{ code: string; message: string }>(failureReason(err)).toEqual(out),
);

test("anything unexpected is internal_error without its internals", () => {
  const leaky = Object.assign(new Error("SQLITE_CORRUPT at /data/claimcheck.db page 7"), { code: "secret_detail" });
  expect(failureReason(leaky)).toEqual({
    code: "internal_error",
    message: "the verification failed unexpectedly; the service log has details",
  });
  expect(failureReason("string thrown")).toMatchObject({ code: "internal_error" });
});

test("one mapping for the service and the local verify: resume and analysis failures keep their code and words", () => {
  expect(failureReason(new ResumeError("pdf_corrupt", "the PDF could not be read"))).toEqual({
    code: "pdf_corrupt",
    message: "the PDF could not be read",
  });
  expect(failureReason(new AnalysisFailure("no_projects_found", "no projects in the resume"))).toEqual({
    code: "no_projects_found",
    message: "no projects in the resume",
  });
  const limited = failureReason(new GitHubRateLimitedError(Date.parse("2030-01-01T00:00:00Z")));
  expect(limited.code).toBe("github_rate_limited");
  expect(limited.message).toContain("set GITHUB_TOKEN");
  expect(knownFailure(new TypeError("x is undefined"))).toBeNull();
});

test("every code a FAILED result can carry is published (FAILURE_CODES, listed in the OpenAPI document)", () => {
  const resume: ResumeErrorCode[] = [
    "pdf_encrypted",
    "pdf_no_text",
    "pdf_corrupt",
    "pdf_too_complex",
    "pdf_timeout",
    "pdf_too_large",
  ];
  const analysis: AnalysisFailureCode[] = ["github_user_not_found", "account_not_found", "no_projects_found"];
  const errors: unknown[] = [
    ...resume.map((c) => new ResumeError(c, "x")),
    ...analysis.map((c) => new AnalysisFailure(c, "x")),
    new GitHubUnavailableError("down"),
    new GitHubRateLimitedError(0),
    new ForgeUnavailableError("down", "gitlab.com"),
    new JobDeadlineExceeded(300_000),
    new PermanentJobError("resume_purged", "x"),
    new PermanentJobError("worker_crashed", "x"),
    new Error("a bug"),
  ];
  const codes = errors.map((e) => failureReason(e).code);
  expect(codes.filter((c) => !(c in FAILURE_CODES))).toEqual([]);
  expect(Object.keys(FAILURE_CODES).sort()).toEqual([...new Set(codes)].sort());
});

test("a verification whose every attempt passed its deadline: deadline_exceeded, naming JOB_DEADLINE", () => {
  expect(failureReason(new JobDeadlineExceeded(300_000))).toEqual({
    code: "deadline_exceeded",
    message:
      "the verification did not finish within JOB_DEADLINE (5m) at any of its attempts and was aborted each time; submit it again later (the service log names the job and what it waited for)",
  });
});
