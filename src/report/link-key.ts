import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The key a result's share link is derived from. The link in `reportUrl` is polled again and again and
 * sent again with every webhook resend, so it must be shown more than once; storing it (in the result,
 * in the delivery's payload) put the token in the database and every backup. Instead its token is an
 * HMAC of the link's id under this key, which lives outside the database: REPORT_LINK_KEY, or a key file
 * in DATA_DIR made at the first start. The database keeps only the token's SHA-256, as for every link.
 * With several replicas (DATABASE_URL) each has its own DATA_DIR, so only REPORT_LINK_KEY can be shared:
 * without it there is no key, and results carry no reportUrl.
 */
export const LINK_KEY_FILE = "report-link.key";

export function reportLinkKey(o: {
  configured: string | null;
  dataDir: string;
  sharedDatabase: boolean;
}): Uint8Array | null {
  if (o.configured) return new TextEncoder().encode(o.configured);
  if (o.sharedDatabase) return null;
  const path = join(o.dataDir, LINK_KEY_FILE);
  try {
    try {
      writeFileSync(path, Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex"), {
        flag: "wx",
        mode: 0o600,
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const key = readFileSync(path, "utf8").trim();
    return key.length >= 32 ? new TextEncoder().encode(key) : null;
  } catch {
    return null; // no DATA_DIR to keep it in (a command that serves nothing): no reportUrl
  }
}

/** A link's token derived from its id: 256 bits, base64url (43 characters), like a random one. */
export function derivedToken(key: Uint8Array, linkId: string): string {
  return new Bun.CryptoHasher("sha256", key).update(`report-link\n${linkId}`).digest("base64url");
}
