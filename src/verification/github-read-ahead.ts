import type { EvidenceSource, GitHubAnswer } from "../github/index.ts";
import type { ReadAhead } from "./verification-job.ts";

type CreateSource = (hostUsername: string, signal: AbortSignal, onAnswer: (a: GitHubAnswer) => void) => EvidenceSource;

interface Begun {
  source: EvidenceSource;
  abort: AbortController;
  /** from now on answers go to `onAnswer`; those heard before are told to it first */
  listen(onAnswer: (a: GitHubAnswer) => void): void;
}

const follow = (from: AbortSignal, to: AbortController) => {
  if (from.aborted) to.abort(from.reason);
  else from.addEventListener("abort", () => to.abort(from.reason), { once: true });
};

/**
 * The GitHub reads a verification begins while its resume is read (EvidenceSource.readAhead), held for
 * its first analyze. The source that began them is the one the analysis reads on with, so nothing is
 * asked twice. Its requests end with the job's signal and, once taken, with the analysis's (the watch that
 * gives up on a silent GitHub); the answers heard before the analysis took them are told to its listener
 * then, in order. One never taken (the resume could not be read) is dropped with its token.
 */
export function githubReadAheads(create: CreateSource) {
  const begun = new WeakMap<ReadAhead, Begun>();
  return {
    begin(hostUsername: string, signal: AbortSignal): ReadAhead {
      const abort = new AbortController();
      follow(signal, abort);
      const heard: GitHubAnswer[] = [];
      let listener: ((a: GitHubAnswer) => void) | undefined;
      const source = create(hostUsername, abort.signal, (a) => (listener ? listener(a) : heard.push(a)));
      source.readAhead(hostUsername);
      const token: ReadAhead = { hostUsername };
      begun.set(token, {
        source,
        abort,
        listen(onAnswer) {
          for (const a of heard.splice(0)) onAnswer(a);
          listener = onAnswer;
        },
      });
      return token;
    },
    /** the source begun for `token`, once, bound to the analysis's signal and listener; undefined: none */
    take(
      token: ReadAhead | undefined,
      hostUsername: string,
      signal: AbortSignal,
      onAnswer?: (a: GitHubAnswer) => void,
    ): EvidenceSource | undefined {
      const entry = token ? begun.get(token) : undefined;
      if (!token || !entry) return undefined;
      begun.delete(token);
      if (token.hostUsername !== hostUsername) {
        entry.abort.abort(new Error("read ahead for another login"));
        return undefined;
      }
      follow(signal, entry.abort);
      entry.listen((a) => onAnswer?.(a));
      return entry.source;
    },
  };
}
