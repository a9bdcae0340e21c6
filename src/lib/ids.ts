/** Random identifiers. All come from the platform CSPRNG. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32, lowercase

/** `n` random base32 characters: 5 bits of entropy each (256 is a multiple of 32, so no bias). */
export function randomChars(n: number): string {
  const buf = crypto.getRandomValues(new Uint8Array(n));
  let out = "";
  for (const b of buf) out += ALPHABET[b & 31];
  return out;
}

/** Prefixed, time-ordered id: `prefix_` + 10 chars of time + 16 random chars (80 bits). */
export function newId(prefix: string, nowMs: number = Date.now()): string {
  let t = Math.max(0, Math.floor(nowMs));
  let time = "";
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  return `${prefix}_${time}${randomChars(16)}`;
}

export function sha256Hex(data: string | Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(data).digest("hex");
}
