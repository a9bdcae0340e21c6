import { Elysia } from "elysia";

const LINKS = {
  dashboard: "/dashboard",
  openapi: "/openapi.json",
  submit: "POST /v1/verify",
  poll: "GET /v1/jobs/{trackingId}",
  health: "/healthz",
};

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>claimcheck</title></head>
<body>
<h1>claimcheck</h1>
<p>Resume verification service. Nothing to see at this address; try:</p>
<ul>
<li><a href="/dashboard">the dashboard</a> (operators: jobs, clients, keys, webhooks)</li>
<li><a href="/openapi.json">the API description</a> (OpenAPI 3.1): <code>POST /v1/verify</code> with a resume PDF and <code>hostUsername</code>, then <code>GET /v1/jobs/{trackingId}</code>, with <code>Authorization: Bearer &lt;API key&gt;</code></li>
<li><a href="/healthz">/healthz</a>, <a href="/readyz">/readyz</a>, <a href="/metrics">/metrics</a> (with the <code>METRICS_TOKEN</code> bearer)</li>
</ul>
</body></html>`;

/**
 * GET / (someone opening the bare address) points to the dashboard and the API: HTML for a browser,
 * JSON for anything else. GET /openapi.json serves the interface description, generated at its first
 * request (its module is a chunk of its own in the executable) and then kept: the same document every
 * time, but no start pays for building it.
 */
export function rootRoutes(maxResumeBytes: number) {
  let document: Promise<Record<string, unknown>> | null = null;
  const openApi = () => (document ??= import("../openapi-document.ts").then((m) => m.openApiDocument(maxResumeBytes)));
  return new Elysia()
    .get("/", ({ request, set }) => {
      if (/text\/html/.test(request.headers.get("accept") ?? "")) {
        set.headers["content-type"] = "text/html; charset=utf-8";
        set.headers["content-security-policy"] = "default-src 'none'; frame-ancestors 'none'";
        return PAGE;
      }
      return { service: "claimcheck", message: "see the dashboard or the API description", links: LINKS };
    })
    .get("/openapi.json", () => openApi());
}
