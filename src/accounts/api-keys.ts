import { randomChars, sha256Hex } from "../lib/index.ts";

/** Every key starts with this, so leaked keys are recognisable by secret scanners. */
export const API_KEY_PREFIX = "cck_";
/** 32 base32 characters = 160 bits of entropy. */
const SECRET_CHARS = 32;

/** A new API key: shown once to its owner; only `hash` is stored. */
export function generateApiKey(): { key: string; hash: string; displayPrefix: string } {
  const key = API_KEY_PREFIX + randomChars(SECRET_CHARS);
  return { key, hash: hashApiKey(key), displayPrefix: key.slice(0, API_KEY_PREFIX.length + 6) };
}

/**
 * Keys carry 160 random bits, so a fast hash is enough: there is nothing to brute-force
 * (unlike passwords), and lookups by hash stay O(1) on every request.
 */
export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

/** Cheap shape check before touching the database. */
export function looksLikeApiKey(key: string): boolean {
  return (
    key.startsWith(API_KEY_PREFIX) && key.length === API_KEY_PREFIX.length + SECRET_CHARS && /^[0-9a-z_]+$/.test(key)
  );
}
