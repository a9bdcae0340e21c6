/** letters outside hexadecimal, so that a code never reads as a SHA */
const CODE_LETTERS = "ghjkmnpqrstvwxz";

/**
 * The k-th distinct subject's code ("h", "j", ... "hg"): letters, not a number, because the analysis reads
 * "Change 1", "Change 2" ... as one numbered message template, which distinct human subjects never are.
 */
export function subjectCode(k: number): string {
  let out = "";
  for (let n = k; n >= 0; n = Math.floor(n / CODE_LETTERS.length) - 1)
    out = CODE_LETTERS[n % CODE_LETTERS.length]! + out;
  return out;
}

const NUMBERED_PLACEHOLDER = /^Change (\d+)$/;

/**
 * A stored subject as the simulator commits it. The first fixture format kept a distinct human subject as
 * "Change <k>" (k numbering distinct subjects, so a repeated subject keeps its number): it is committed as
 * "Change <letter code>", distinct subjects staying distinct and repeated ones repeated, without reading as
 * one numbered template. Every other subject (a tool default, a bare date) is committed as stored.
 */
export function storedSubject(subject: string): string {
  const m = NUMBERED_PLACEHOLDER.exec(subject);
  return m ? `Change ${subjectCode(Number(m[1]))}` : subject;
}
