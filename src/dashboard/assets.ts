import { sha256Hex } from "../lib/index.ts";
import componentsCss from "./assets/components.css" with { type: "text" };
import js from "./assets/dashboard.client.js" with { type: "text" };
import baseCss from "./assets/dashboard.css" with { type: "text" };
import jobPageCss from "./assets/job-page.css" with { type: "text" };
import reportCss from "./assets/report.css" with { type: "text" };
import shareCss from "./assets/share-page.css" with { type: "text" };
import mediaCss from "./assets/widths-and-print.css" with { type: "text" };
import type { AssetPaths } from "./pages/layout.ts";

/** One stylesheet served, kept in six files by subject (in this order: later rules override earlier ones). */
const css = `${baseCss}\n${componentsCss}\n${jobPageCss}\n${reportCss}\n${shareCss}\n${mediaCss}`;

export interface Asset {
  path: string;
  body: string;
  contentType: string;
}

/**
 * The embedded stylesheet and script under content-hashed paths: a new build gets new URLs, so they can
 * be cached for a year and are never stale.
 */
export function dashboardAssets(): { paths: AssetPaths; byPath: Map<string, Asset> } {
  const cssPath = `/dashboard/assets/dashboard.${sha256Hex(css).slice(0, 12)}.css`;
  const jsPath = `/dashboard/assets/dashboard.${sha256Hex(js).slice(0, 12)}.js`;
  return {
    paths: { css: cssPath, js: jsPath },
    byPath: new Map([
      [cssPath, { path: cssPath, body: css, contentType: "text/css; charset=utf-8" }],
      [jsPath, { path: jsPath, body: js, contentType: "text/javascript; charset=utf-8" }],
    ]),
  };
}
