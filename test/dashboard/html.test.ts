import { describe, expect, test } from "bun:test";
import { escapeHtml, html, queryString, trusted } from "../../src/dashboard/html.ts";

describe("html template", () => {
  test("escapes every interpolated value, in text and in attributes", () => {
    const evil = `<script>alert("x")</script>' onmouseover='y`;
    const out = html`<p title="${evil}">${evil}</p>`.value;
    expect(out).not.toContain("<script>");
    expect(out).not.toContain(`"x"`);
    expect(out).toBe(`<p title="${escapeHtml(evil)}">${escapeHtml(evil)}</p>`);
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });

  test("nested templates and arrays are kept; null, undefined and false render nothing; numbers are text", () => {
    const items = ["a<b", "c"].map((s) => html`<li>${s}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}`.value).toBe("<ul><li>a&lt;b</li><li>c</li></ul>0");
    expect(html`${trusted("<svg></svg>")}`.value).toBe("<svg></svg>");
  });

  test("queryString drops empty values and encodes the rest", () => {
    expect(queryString({ a: "x y", b: "", c: null, d: undefined, e: 0 })).toBe("?a=x+y&e=0");
    expect(queryString({})).toBe("");
  });
});
