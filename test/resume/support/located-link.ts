import type { LocatedLink } from "../../../src/resume/claims/link-finder.ts";
import { normalizeLink } from "../../../src/resume/claims/link-normalizer.ts";
import type { ResumeLink } from "../../../src/resume/types.ts";

/** A link annotation's target on line `lineIndex`, under the words `anchor`, as the link finder reports it. */
export function located(url: string, lineIndex: number, anchor = ""): LocatedLink {
  return {
    link: {
      ...normalizeLink(url)!,
      raw: url,
      visibleDiffers: false,
      source: "annotation",
      page: 1,
      ...(anchor ? { visibleText: anchor } : {}),
    } as ResumeLink,
    line: lineIndex,
    anchor,
  };
}
