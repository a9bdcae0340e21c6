import { expect, test } from "bun:test";
import { accountsToRead } from "../../src/verification/accounts-field.ts";

test("a GitHub login in hostUsername is read on GitHub, beside the other accounts", () => {
  expect(accountsToRead("octocat", [{ host: "gitlab.com", username: "octo" }])).toEqual({
    githubLogin: "octocat",
    accounts: [{ host: "gitlab.com", username: "octo" }],
  });
});

test("host:username in hostUsername is the main account on that host, and GitHub is not read", () => {
  expect(accountsToRead("Codeberg.org:carol", [{ host: "gitlab.com", username: "carol" }])).toEqual({
    githubLogin: "",
    accounts: [
      { host: "codeberg.org", username: "carol" },
      { host: "gitlab.com", username: "carol" },
    ],
  });
});
