import type { ClaimReport, FindingGroup, Report } from "../../report/index.ts";
import { checkedAccounts, hostLine, SEVERITY_WORDS } from "../../report/index.ts";
import { type Html, html, trusted } from "../html.ts";
import { type RepoTimeline, timelineStats, timelineSvg } from "./timeline-chart.ts";

/** A repository's address (host/owner/name) as a link. */
const repoLink = (repo: string) => html`<a href="https://${repo}" rel="noreferrer">${repo}</a>`;
const sevClass = (s: string) => `sev-${s.toLowerCase()}`;

/** Findings as one plain sentence each; what was measured and the innocent reading are folded away. */
function findingsList(groups: FindingGroup[]): Html {
  return html`<ul class="findings">${groups.map(
    (g) => html`<li class="finding ${sevClass(g.severity)}">
<p class="finding-head"><span class="sev-word">${SEVERITY_WORDS[g.severity]}</span> <strong>${g.title}.</strong> <span class="finding-sentence">${g.sentence}</span></p>
<details class="finding-detail"><summary>What was measured, and the innocent reading</summary>
${g.messages.map((m) => html`<p class="finding-message">${m}</p>`)}
<p class="innocent"><em>Innocent reading:</em> ${g.innocent}</p></details></li>`,
  )}</ul>`;
}

/** The picture of a claim's commits, what it shows, and what it leaves out. */
function timelineFigure(t: RepoTimeline): Html {
  const s = timelineStats(t);
  const notes: string[] = [];
  const own = s.ownCommits ?? s.commits;
  if (s.drawn < own)
    notes.push(
      `The picture shows ${s.drawn} of the candidate's ${own} commits (${s.drawn < s.commits ? "evenly thinned" : "the commits examined"}).`,
    );
  if (s.historyCommits !== null && s.historyCommits > own)
    notes.push(`The history holds ${s.historyCommits} commits; the ${s.historyCommits - own} by others are not drawn.`);
  return html`<figure class="timeline-figure"><div class="timeline-scroll">${trusted(timelineSvg(t))}</div>
<figcaption class="legend">Each line joins when a commit says it was written (top) to when it was committed (bottom); long slanted lines are dates written afterwards, many lines meeting in one point a bulk upload. ${s.commits} commits, ${s.shifted} of them more than a day apart${s.busiestDay ? `; busiest day ${s.busiestDay.day} with ${s.busiestDay.commits}` : ""}.</figcaption>
${notes.length ? html`<p class="partial">${notes.join(" ")}</p>` : ""}</figure>`;
}

function claimView(c: ClaimReport, i: number, timeline: RepoTimeline | undefined): Html {
  return html`<article class="claim status-${c.status}" id="claim-${i + 1}">
<h3><span class="claim-status">${c.label}</span> <span class="claim-name">${c.name}</span></h3>
<p class="claim-verdict">${c.verdict}</p>
${c.repo ? html`<p class="claim-repo">${repoLink(c.repo)} <span class="claim-host muted">${hostLine(c)}</span></p>` : ""}
${c.findings.length ? findingsList(c.findings) : ""}
<details class="claim-more"><summary>Evidence, timeline and questions</summary>
${c.evidence.length ? html`<h4>Evidence</h4><ul class="evidence">${c.evidence.map((e) => html`<li>${e}</li>`)}</ul>` : ""}
${c.timeline ? html`<h4>Timeline</h4><p class="timeline-text">${c.timeline}</p>` : ""}
${timeline ? timelineFigure(timeline) : ""}
<h4>Questions to ask</h4><ol class="questions">${c.questions.map((q) => html`<li>${q}</li>`)}</ol>
</details>
</article>`;
}

/** The claims at a glance: one row per claim, its verdict, own commits, period and the one reason. */
function glanceTable(claims: ClaimReport[]): Html {
  return html`<section class="glance" id="glance"><h2>Claims at a glance</h2>
<table class="stack glance-table"><thead><tr><th>claim</th><th>verdict</th><th class="num">own commits</th><th>period</th><th>reason</th></tr></thead>
<tbody>${claims.map(
    (c, i) => html`<tr class="status-${c.status}">
<td data-label="claim"><a href="#claim-${i + 1}">${c.name}</a></td>
<td data-label="verdict"><span class="claim-status">${c.label}</span></td>
<td class="num" data-label="own commits">${c.ownCommits === null ? "–" : c.ownCommits.toLocaleString("en-US")}</td>
<td data-label="period">${c.period ?? "–"}</td>
<td data-label="reason">${c.reason}</td></tr>`,
  )}</tbody></table></section>`;
}

/** The accounts checked, each linked to its profile ("GitHub account github.com/ana" alone, as before). */
function accountsLinks(r: Report): Html {
  const { lead, list } = checkedAccounts(r.candidate);
  return html`${lead} ${list.map(
    (a, i) => html`${i > 0 ? ", " : ""}<a href="${a.profileUrl}" rel="noreferrer">${a.host}/${a.login}</a>`,
  )}`;
}

/**
 * The recruiter's report as HTML, from the report model, made to skim: the verdict and why, the claims at a
 * glance, the questions to ask, then each claim with its findings one plain sentence each (what was
 * measured, the evidence, the timeline and the claim's questions folded away), what could not be checked,
 * the glossary and the score's arithmetic behind disclosures, and the note that this is evidence, not a
 * decision. No rule ids: they are for programs (the API), not for the recruiter.
 * `actions` (download, share) render under the verdict; they are left out of print.
 */
export function reportView(o: {
  report: Report;
  /** the pictures of the commits, by repository ("owner/name"), where the result has them */
  timelines?: RepoTimeline[];
  actions?: Html;
}): Html {
  const r = o.report;
  const pics = new Map((o.timelines ?? []).map((t) => [t.repo.toLowerCase(), t]));
  const picFor = (c: ClaimReport) =>
    c.repo ? pics.get(c.repo.replace(/^github\.com\//, "").toLowerCase()) : undefined;
  const shown = new Set<RepoTimeline>();
  const name = r.candidate.name
    ? html`${r.candidate.name} <span class="muted">(${r.candidate.login})</span>`
    : html`${r.candidate.login}`;
  const s = r.scoreExplanation;
  return html`<article class="report" id="report">
<header class="report-head">
<p class="eyebrow">Candidate report</p>
<h1 id="candidate">${name}</h1>
<div class="verdict verdict-${r.verdict.code}" id="verdict" data-verdict="${r.verdict.code}"><strong class="verdict-title">${r.verdict.label}</strong>${r.score !== null ? html` <span class="verdict-score">confidence score <strong id="score">${r.score}</strong> of 100</span>` : ""}</div>
<p class="why" id="why">${r.verdict.why}</p>
${r.reading ? html`<p class="reading" id="reading">${r.reading}</p>` : ""}
<p class="report-meta muted">${accountsLinks(r)}${r.checkedAt ? html` · checked ${r.checkedAt.slice(0, 10)}` : ""} · reference <span class="mono">${r.reference}</span></p>
${o.actions ? html`<div class="report-actions">${o.actions}</div>` : ""}
</header>
${r.claims.length ? glanceTable(r.claims) : ""}
${r.topQuestions.length ? html`<section class="ask-first" id="ask-first"><h2>Questions to ask</h2><ol class="questions">${r.topQuestions.map((q) => html`<li>${q}</li>`)}</ol></section>` : ""}
${
  r.claims.length
    ? html`<section class="claims"><h2>The claims, one by one</h2>${r.claims.map((c, i) => {
        const pic = picFor(c);
        const once = pic && !shown.has(pic) ? pic : undefined;
        if (pic) shown.add(pic);
        return claimView(c, i, once);
      })}</section>`
    : ""
}
${r.resumeFindings.length ? html`<section class="resume-findings"><h2>About the resume as a whole</h2>${findingsList(r.resumeFindings)}</section>` : ""}
${r.notChecked.length ? html`<section class="not-checked"><h2>What could not be checked</h2><ul>${r.notChecked.map((n) => html`<li>${n}</li>`)}</ul></section>` : ""}
${
  r.glossary.length
    ? html`<details class="glossary" id="glossary"><summary>What the findings mean</summary><dl>${r.glossary.map(
        (g) => html`<dt>${g.title}</dt><dd><p>${g.meaning}</p><p><em>Innocent reading:</em> ${g.innocent}</p></dd>`,
      )}</dl></details>`
    : ""
}
${
  s
    ? html`<details class="score-how" id="score-how"><summary>How the score is computed</summary>
<p>${s.summary}</p>
<p class="score-sum">Score ${s.score} = evidence ${s.evidence} - penalties ${s.penaltyTotal} (kept between 0 and 100).</p>
<ul class="score-lines">${s.claims.map((l) => html`<li>${l}</li>`)}</ul>
${s.penalties.length ? html`<ul class="score-lines">${s.penalties.map((l) => html`<li>${l}</li>`)}</ul>` : ""}
<p class="formula">${s.formula}</p></details>`
    : ""
}
<p class="disclaimer" id="disclaimer">${r.disclaimer}</p>
</article>`;
}
