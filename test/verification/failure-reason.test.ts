import { expect, test } from "bun:test";
import { GitHubUnavailableError } from "../../src/github/types.ts";
import { PermanentJobError } from "../../src/jobs/job-errors.ts";
import { failureReason } from "../../src/verification/verification-job.ts";

test.each([
  [
    new PermanentJobError("pdf_no_text", "the PDF has no text layer"),
    { code: "pdf_no_text", message: "the PDF has no text layer" },
  ],
  [
    new GitHubUnavailableError("502 three times"),
    { code: "github_unavailable", message: "GitHub could not be reached after several retries: 502 three times" },
  ],
])("%p is reported as it says", (err, out) => expect(failureReason(err)).toEqual(out));

test("anything unexpected is internal_error without its internals", () => {
  const leaky = Object.assign(new Error("SQLITE_CORRUPT at /data/claimcheck.db page 7"), { code: "secret_detail" });
  expect(failureReason(leaky)).toEqual({
    code: "internal_error",
    message: "the verification failed unexpectedly; the service log has details",
  });
  expect(failureReason("string thrown")).toMatchObject({ code: "internal_error" });
});
