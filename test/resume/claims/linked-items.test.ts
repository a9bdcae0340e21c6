import { describe, expect, test } from "bun:test";
import type { Entry } from "../../../src/resume/claims/entries.ts";
import { linkedItemLabel, splitLinkedItems } from "../../../src/resume/claims/linked-items.ts";
import { parseTitleText } from "../../../src/resume/claims/project-name.ts";
import { stack } from "../support/layout-builders.ts";

const entry = (texts: string[]): Entry => {
  const lines = stack(texts.map((t) => [t, {}]));
  return { title: lines[0]!, lines };
};

describe("linked items under a group title", () => {
  test("each 'Label: URL' item becomes an entry; the group title is dropped", () => {
    const out = splitLinkedItems(
      entry(["其他小项目", "a) 个人主页：https://www.leonus.cn/", "b) 待办网站: https://www.leonus.cn/todo"]),
    );
    expect(out.map((e) => e.title.text)).toEqual([
      "a) 个人主页：https://www.leonus.cn/",
      "b) 待办网站: https://www.leonus.cn/todo",
    ]);
    expect(out.map((e) => parseTitleText(e.title.text).name)).toEqual(["个人主页", "待办网站"]);
  });

  test("an entry with a description, a single item, or a title that is itself an item stays whole", () => {
    const described = entry(["Weather Station", "Live: https://weather.example.com", "Charts readings every minute."]);
    expect(splitLinkedItems(described)).toEqual([described]);
    const single = entry(["Weather Station", "Demo: https://weather.example.com"]);
    expect(splitLinkedItems(single)).toEqual([single]);
    const itemTitle = entry([
      "Blog: https://a.example.com",
      "Shop: https://b.example.com",
      "Wiki: https://c.example.com",
    ]);
    expect(splitLinkedItems(itemTitle)).toEqual([itemTitle]);
  });

  test("linkedItemLabel", () => {
    expect(linkedItemLabel("• Homepage: https://jane.dev")).toBe("Homepage");
    expect(linkedItemLabel("Homepage https://jane.dev")).toBeNull();
    expect(linkedItemLabel("12: https://jane.dev")).toBeNull();
    expect(linkedItemLabel("A very long description that is not a label at all: https://jane.dev")).toBeNull();
  });
});
