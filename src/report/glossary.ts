import type { RuleId } from "../analysis/index.ts";

/** One rule in words a recruiter reads: what it found, how it can be innocent, and what to ask. */
export interface GlossaryEntry {
  /** a short name for the finding, in plain words */
  title: string;
  /** what the rule looks at and what its finding means */
  meaning: string;
  /** how an honest candidate's work can produce the same finding */
  innocent: string;
  /** a question to ask the candidate about it */
  ask: string;
}

/**
 * Every rule the analysis can raise, keyed by its id. The type makes a rule without words a compile
 * error; test/report/glossary.test.ts also reads every rule id out of the analysis's sources.
 */
export const GLOSSARY: Readonly<Record<RuleId, GlossaryEntry>> = {
  AUTOMATED_COMMITS: {
    title: "Commits made by a scheduled job",
    meaning:
      "Many commits under the candidate's name were made by an automated workflow on a timer (data or badge updates, the same few messages, committed by a CI identity or at a fixed time). They are left out of the candidate's commit count.",
    innocent:
      "Keeping data, a badge or a status page fresh with a workflow is ordinary automation; it says nothing against the candidate, it is simply not authored work.",
    ask: "What does the workflow in this repository do, and which parts of the project did you write by hand?",
  },
  INFLATED_ACTIVITY: {
    title: "Automated activity sold as work",
    meaning:
      "The resume sells this project by its activity (a commit count, a streak, a green contribution graph), but most of that activity was made by a scheduled job, not by the candidate.",
    innocent:
      "The automation itself can be a good piece of work; only the activity it generates should not be presented as the candidate's effort.",
    ask: "How many of these commits did you write yourself, and what did you build to automate the rest?",
  },
  FUTURE_AUTHOR_DATE: {
    title: "Dated in the future",
    meaning:
      "Commits say they were written after GitHub received them. A commit cannot be written after it was pushed, so the dates are wrong. A date in the future lengthens no experience on a resume, so alone this is an observation; it weighs as forgery only beside padding (trivial commits, machine-written messages).",
    innocent:
      "A computer whose clock was set wrong keeps writing such dates, on one commit or on many, until someone fixes it.",
    ask: "Was the clock of the machine these commits came from set right?",
  },
  PADDED_ACTIVITY: {
    title: "Padding commits",
    meaning:
      "Most commits carry a machine's message (a timestamp, a random string, a numbered or stock message repeated) on changes that change nothing real: empty, one or two lines, or the same few files rewritten each time. That is how contribution graphs are filled, on a schedule or at random times. The claim credits at most the commits that are not padding.",
    innocent:
      "A log, notes or counter repository is made of small, alike commits too; it is not authored work either way.",
    ask: "Which of these commits did you write by hand, and what made the others?",
  },
  CLAIM_CONTRADICTED: {
    title: "The claim says more than the history",
    meaning:
      "The resume asserts something about this project beyond its name (a team size, a period of years, a number of releases, commits or stars) that the repository's history contradicts: the message names what the resume says and what the history shows.",
    innocent:
      "Team work often lives in a private repository and the public one is a later extract; a resume's period includes design and work before the first commit; stars change over time.",
    ask: "Where did the rest of the work happen, and who was on the team?",
  },
  ORIGIN_CONTRADICTED: {
    title: "Claimed as original, started from someone else's",
    meaning:
      "The resume says the project was designed or built from scratch, but its history begins with someone else's commits (a course, a template, a tutorial or another author's tool). A claim whose origin the history contradicts is discredited: it credits at most 40 %.",
    innocent: "A course or template can be rebuilt beyond recognition; the history then still starts from it.",
    ask: "What did the course or template give you, and what did you add?",
  },
  CLOCK_TIME_MONOCULTURE: {
    title: "One time of day",
    meaning:
      "Almost every commit, over many different days, carries the same clock time. People commit at varied times; scripts that fill a contribution graph do not.",
    innocent: "A scheduled job that commits on its own (a bot, a backup) writes one time of day too.",
    ask: "Were these commits made by you or by a scheduled script?",
  },
  IDENTICAL_AUTHOR_TIMESTAMPS: {
    title: "Identical timestamps",
    meaning:
      "Many commits share the exact same second as their writing time. Work written by hand is spread out; generated commits are not.",
    innocent: "Tools that import or convert a history can give several commits one timestamp.",
    ask: "Was this history generated or imported by a tool?",
  },
  BACKDATED_SPLIT: {
    title: "Dates written afterwards",
    meaning:
      "Commits claim to be written over a long period, but were all committed in a few sessions, long after. Their dates were written afterwards.",
    innocent:
      "Rewriting a history (a rebase, moving a project to a new repository) also commits old work at once; that is normal unless other findings point to forgery.",
    ask: "Was this history rewritten or moved? Where did the work happen first?",
  },
  RANDOM_ORDER_HISTORY: {
    title: "Dates out of order",
    meaning:
      "Along the history, the writing dates jump back and forth in time. Commits made one after another have dates that go forward.",
    innocent: "Merging long-lived branches or rebasing old work can reorder some dates.",
    ask: "How was this history assembled: merges, rebases, or something else?",
  },
  PREDATES_REPO_OR_ACCOUNT: {
    title: "Older than the repository",
    meaning:
      "Much of the history is dated before the repository or the GitHub account existed, so nothing outside the commits confirms those dates.",
    innocent: "Developers often push years of local work to a new repository at once.",
    ask: "Where was this project kept before it was on GitHub, and since when?",
  },
  COMMIT_BURST: {
    title: "Many commits at once",
    meaning: "Hundreds of commits were committed within one hour or one day.",
    innocent: "A rebase or an import of a finished project does this; it is not a sign of fraud on its own.",
    ask: "Was this history imported or rewritten in one go?",
  },
  TRIVIAL_CHURN: {
    title: "Commits that change nothing real",
    meaning:
      "Most commits change one line of one file, or nothing at all: the trace of commits made to fill an activity graph.",
    innocent: "A notes or log repository updated daily can look similar.",
    ask: "What was this repository for, and why are the changes so small?",
  },
  REPEATED_OR_TIMESTAMP_MESSAGES: {
    title: "Repeated or date-only messages",
    meaning: "Commit messages repeat the same few words, or are only dates: typical of scripted commits.",
    innocent: "Some people write terse messages such as 'update' out of habit.",
    ask: "How do you usually write commit messages?",
  },
  BULK_DUMP: {
    title: "Most of the code in one commit",
    meaning: "One commit adds most of the candidate's code, so the history does not show how the work was built up.",
    innocent:
      "Many developers write a project locally and push it when it is done; a first release often looks like this.",
    ask: "Where was this project developed before this commit? Can you walk through how it was built?",
  },
  FOREIGN_HISTORY: {
    title: "Someone else's history",
    meaning:
      "The repository is under the candidate's account, but its first commit and most of its commits are by other people, from long before the candidate's first commit.",
    innocent: "Taking over maintenance of a project, or moving a team project to one's own account, looks the same.",
    ask: "Who wrote the original project, and which parts did you add?",
  },
  FORK_AS_OWN: {
    title: "A fork with little of the candidate's work",
    meaning:
      "The repository is a copy (fork) of another project, and the candidate added few or no commits of their own to it.",
    innocent:
      "Contributions to the original are often made in the original repository; the fork may only be where they were prepared.",
    ask: "What did you contribute to the original project? Can you point to your pull requests?",
  },
  BOT_AUTHOR: {
    title: "Commits by bots",
    meaning: "Some commits are by automated tools (dependency updates, CI). They are not counted as the candidate's.",
    innocent: "Normal in a maintained project.",
    ask: "(Nothing to ask: this only explains the commit count.)",
  },
  CLAIM_BEFORE_ACCOUNT: {
    title: "Claimed before the account existed",
    meaning:
      "The resume dates a project before the GitHub account was created and no commit backs it, or a very new account holds a very large number of commits.",
    innocent: "People write code before they sign up to GitHub, and move old work to new accounts.",
    ask: "Where did this work live before this GitHub account?",
  },
  COPIED_REPOSITORY: {
    title: "A copy of another repository",
    meaning:
      "The repository's files are identical, or mostly identical, to an older repository of another account, and it is not marked as a fork.",
    innocent: "A tutorial followed step by step, or a template project, can match its original closely.",
    ask: "Where did this code come from, and what did you change?",
  },
  UNANCHORED_HISTORY: {
    title: "Dates nothing can confirm",
    meaning:
      "Commit dates are written by whoever commits; GitHub only confirms when a repository was created and pushed. Most of this history, or of the period the resume claims, lies before GitHub saw the repository.",
    innocent: "Pushing years of local work to a new repository looks the same as a backdated history.",
    ask: "Where was this work before it was pushed, and can anything else confirm its dates?",
  },
  UNMATCHED_CLAIM: {
    title: "No public repository found",
    meaning: "No public GitHub repository of the candidate matches this project.",
    innocent: "Work for employers, under NDA or in private repositories is not public. This is not evidence against.",
    ask: "Can you show this work another way: a demo, a private repository, or a reference?",
  },
  PROFILE_MISMATCH: {
    title: "Another GitHub profile in the resume",
    meaning: "The resume links a GitHub profile other than the account that was checked.",
    innocent: "People keep a work and a personal account, or link a former username.",
    ask: "Which GitHub accounts are yours?",
  },
  HIDDEN_TEXT: {
    title: "Hidden text in the resume",
    meaning:
      "The PDF contains text a reader cannot see (white, tiny or off the page), usually keywords meant for screening software.",
    innocent: "Some resume templates leave invisible leftovers.",
    ask: "Did you add hidden keywords to the resume?",
  },
  LINK_TEXT_MISMATCH: {
    title: "A link that points elsewhere",
    meaning: "A link's visible text names one repository but the link goes to another.",
    innocent: "A renamed or moved repository, with the text left unchanged, does this.",
    ask: "Which repository is the project really in?",
  },
  LINKED_REPO_NOT_FOUND: {
    title: "Linked repository not found",
    meaning: "The resume links a repository that does not exist or is not public.",
    innocent: "Repositories are made private, renamed or deleted after a resume is written.",
    ask: "Is the repository private or moved? Can you give access or a new link?",
  },
  RENAMED_REPO: {
    title: "Repository renamed",
    meaning: "The linked repository has a new name on GitHub; the link still leads there.",
    innocent: "Renaming a repository is normal.",
    ask: "(Nothing to ask: the link still works.)",
  },
  NO_CANDIDATE_COMMITS: {
    title: "No commits linked to the candidate",
    meaning: "None of the repository's commits are linked to the candidate's GitHub account.",
    innocent:
      "Commits made with an email that is not added to the GitHub account are not linked, for example from a work computer.",
    ask: "Which email did you commit with? Can you add it to your GitHub account?",
  },
  EMPTY_REPO: {
    title: "Empty repository",
    meaning: "The repository has no commits: there is nothing to check.",
    innocent: "A project that was planned but not started, or whose code lives elsewhere.",
    ask: "Where is the code of this project?",
  },
  UNLINKED_EMAIL_COMMITS: {
    title: "Commits from an unlinked email",
    meaning:
      "Some commits come from an email GitHub links to no account. They may well be the candidate's, but nothing ties them to the account, so they are not counted.",
    innocent: "A work computer or a second email address does this.",
    ask: "Is this email yours?",
  },
  AI_AGENT: {
    title: "AI assistance",
    meaning: "The repository shows that an AI coding agent took part (agent instruction files, co-author lines).",
    innocent: "Using AI tools is common and not fraud; it only changes what the history says about the candidate.",
    ask: "How did you use AI tools in this project, and which parts did you write yourself?",
  },
  REPO_UNAVAILABLE: {
    title: "Repository could not be read",
    meaning: "GitHub would not serve the repository (blocked, gone or failing), so the claim could not be checked.",
    innocent: "This says nothing about the candidate: the claim is unverified, not refuted.",
    ask: "Is the repository still public? Can you send a current link?",
  },
  PUSHED_LONG_AFTER_DATES: {
    title: "Work that reached the host long after its dates",
    meaning:
      "The host (GitLab's push events, a Gitea or Forgejo activity feed) recorded when each commit arrived. Most of this history is dated to a time when the repository already existed, yet it arrived weeks or months later, all at once: the repository received none of it while it was supposedly being written.",
    innocent:
      "A project developed on another host, a company server or an offline machine and then pushed into an older, empty repository looks the same.",
    ask: "Where was this project developed before it was pushed here, and can that place show its history?",
  },
  HOST_NOT_CHECKED: {
    title: "An account that was not checked",
    meaning:
      "The resume links a profile or a repository on a host (GitHub, GitLab, Codeberg or another configured host) for which the verification was given no account, so nothing there was read.",
    innocent: "The request simply named the candidate's accounts on other hosts.",
    ask: "Which account on this host is yours? Verify again with it to have that work checked.",
  },
};

/** The entry of a rule id read from a stored result; a rule this build does not know gets neutral words. */
export function glossaryEntry(rule: string): GlossaryEntry {
  return (
    (GLOSSARY as Record<string, GlossaryEntry>)[rule] ?? {
      title: rule
        .toLowerCase()
        .replace(/_/g, " ")
        .replace(/^./, (c) => c.toUpperCase()),
      meaning: "A finding of a rule this version of the report does not describe; the message says what was measured.",
      innocent: "Read the message: every finding has an innocent reading.",
      ask: "Ask the candidate about the finding's message.",
    }
  );
}
