import { afterEach, describe, expect, test } from "bun:test";
import { installPdfJsHooks } from "../../../src/resume/pdf/pdfjs-hooks.ts";
import { mismatchedMembers, pdfJsInternals } from "../../../src/resume/pdf/pdfjs-internals.ts";

/**
 * The hook (`.patches/unpdf@*.patch`) hands pdf.js's internals over under readable names; the reader
 * checks each member's shape, so a hook re-keyed wrongly for a new build of unpdf fails loudly
 * instead of reading fonts with the wrong code.
 */

type Hook = { get(): Record<string, unknown>; setFont(cls: unknown): void };
const g = globalThis as { pdfjsInternals?: Hook };
const real = () => {
  const hook = g.pdfjsInternals;
  if (!hook) throw new Error("pdf.js carries no hook: is the patch applied (bun install)?");
  return hook;
};
let saved: Hook | undefined;

afterEach(() => {
  if (saved) g.pdfjsInternals = saved;
  saved = undefined;
});

describe("the pdf.js hook", () => {
  test("is applied: pdf.js loads with it and every member has the shape its name calls for", async () => {
    expect(await installPdfJsHooks()).toBe(true);
    expect(mismatchedMembers(real().get())).toEqual([]);
  });

  test("a member mapped to the wrong object is named", async () => {
    await installPdfJsHooks();
    const members = real().get();
    const swapped = {
      ...members,
      Font: members.Stream,
      isCFFFile: members.getHeaderBlock,
      FontFlags: { FixedPitch: 2 },
    };
    expect(mismatchedMembers(swapped)).toEqual(["Font", "FontFlags", "isCFFFile"]);
    const missing = { ...members, CFFTopDict: undefined };
    expect(mismatchedMembers(missing)).toEqual(["CFFTopDict"]);
  });

  test("a wrongly keyed hook is refused with a message saying what to do; no hook at all leaves pdf.js as shipped", async () => {
    await installPdfJsHooks();
    saved = real();
    const members = saved.get();
    g.pdfjsInternals = { get: () => ({ ...members, OperatorList: members.Name }), setFont: () => {} };
    expect(() => pdfJsInternals()).toThrow(/OperatorList; re-key it for this build of unpdf/);
    g.pdfjsInternals = undefined;
    expect(pdfJsInternals()).toBeNull();
  });
});
