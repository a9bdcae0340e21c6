import { reservedNameProblem } from "./reserved-names.ts";

/** What an administrator's username may be. */
export const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 1024;

/** Why a new administrator's username or password is not acceptable, or null. */
export function credentialProblem(username: string, password: string, confirm: string): string | null {
  if (!USERNAME.test(username))
    return "a username is 1-64 letters, digits, '.', '_', '@' or '-', starting with a letter or digit";
  const reserved = reservedNameProblem(username);
  if (reserved) return reserved;
  if (password.length < PASSWORD_MIN) return `a password needs at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `a password has at most ${PASSWORD_MAX} characters`;
  if (password !== confirm) return "the two passwords differ";
  if (password.toLowerCase() === username.toLowerCase()) return "the password must not be the username";
  return null;
}
