import { describe, expect, test } from "bun:test";
import { hiddenTextFlags } from "../../../src/analysis/claim-flags.ts";
import { resume } from "../fixtures.ts";

describe("HIDDEN_TEXT (hiddenTextFlags)", () => {
  test("none without hidden text", () => expect(hiddenTextFlags(resume([]))).toEqual([]));
  test("quotes the hidden text, shortened", () => {
    const r = resume([], {
      hiddenText: [
        { text: "kubernetes golang rust ".repeat(10), page: 1, reason: "white-fill" },
        { text: "senior", page: 2, reason: "tiny-font" },
      ],
    });
    const [f] = hiddenTextFlags(r);
    expect(f?.severity).toBe("WARNING");
    expect(f?.message).toStartWith(
      'the PDF hides 236 characters of text a reader cannot see (tiny-font, white-fill, page 1, 2): "kubernetes golang rust',
    );
    expect(f?.message).toEndWith(
      '..."; some templates hide text by accident, but stuffed keywords are written for screening software',
    );
  });
});
