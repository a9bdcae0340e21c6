/** The one-time setup page for `token` under the service's base URL (printed by `serve` and `admin create`). */
export function setupLink(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/dashboard/setup?token=${encodeURIComponent(token)}`;
}
