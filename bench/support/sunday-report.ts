import { median, percentiles } from './live.js';
import type { AudienceCount, PhonesMeasured, StaffMeasured } from './sunday-roles.js';
import { mb, type Settled, type Usage } from './usage.js';

/** One run of the sunday bench against one server (see bench/sunday.ts). */
export interface Run {
  staff: StaffMeasured;
  pages: PhonesMeasured;
  audience: AudienceCount;
  /** The server's memory before the audience connected, and with it connected and idle. */
  before: Settled;
  connected: Settled;
  idle: Usage;
  active: Usage;
  /** The machine's busy share during the load, and its load averages as it began. */
  busy: number;
  load: string;
  connectSeconds: number;
}

const QUESTION_P99_MS = 150;
const VOTE_P99_MS = 150;
const PAGE_P99_MS = 500;
const MEMORY_MB = 512;

const of = (runs: Run[], figure: (run: Run) => number) => median(runs.map(figure));
const p99 = (values: number[]) => percentiles(values).p99;
const p50 = (values: number[]) => percentiles(values).p50;
const dropped = (run: Run) => run.audience.disconnects + run.staff.disconnects;
const fixed = (value: number, digits = 1) => value.toFixed(digits);

/** Prints the medians, each target met or not beside the bare baseline and the ratio; true when all are met. */
export function printReport(gather: Run[], bare: Run[], audience: number): boolean {
  for (const [name, runs] of [
    ['Gather (API + PostgreSQL + Redis Streams adapter, pages drawn by the server renderer)', gather],
    ['bare socket.io, same traffic, bare React page drawn by the same renderer', bare],
  ] as const) {
    printDetail(name, runs);
  }
  printSocketCost(gather, bare, audience);
  console.log(`  targets (medians of ${gather.length} runs of each; ratio = Gather / bare):`);
  const rows: Array<[string, (run: Run) => number, string, (value: number) => boolean]> = [
    ['question -> moderator p99', (run) => p99(run.staff.questionLatencies), 'ms', (v) => v < QUESTION_P99_MS],
    ['vote -> moderator p99', (run) => p99(run.staff.voteLatencies), 'ms', (v) => v < VOTE_P99_MS],
    ['question page p99', (run) => p99(run.pages.latencies), 'ms', (v) => v < PAGE_P99_MS],
    ['API memory (RSS peak)', (run) => run.active.rssPeak / 2 ** 20, 'MB', (v) => v < MEMORY_MB],
  ];
  const limits = [`< ${QUESTION_P99_MS} ms`, `< ${VOTE_P99_MS} ms`, `< ${PAGE_P99_MS} ms`, `< ${MEMORY_MB} MB`];
  let met = true;
  rows.forEach(([name, figure, unit, ok], index) => {
    const ours = of(gather, figure);
    const baseline = of(bare, figure);
    // A page that failed or came undrawn is not a fast page.
    const whole = index !== 2 || gather.every((run) => run.pages.failed === 0 && run.pages.undrawn === 0);
    const pass = ok(ours) && whole;
    met &&= pass;
    console.log(
      `    ${name.padEnd(26)} Gather ${fixed(ours).padStart(7)} ${unit}, bare ${fixed(baseline).padStart(7)} ${unit}, ` +
        `ratio ${fixed(ours / baseline, 2).padStart(5)}: target ${limits[index]} ${pass ? 'met' : 'NOT met'}` +
        (whole ? '' : ' (pages failed or not drawn on the server)'),
    );
  });
  // Any socket cut off in any run fails the target: a phone that lost its connection lost the session.
  const lost = Math.max(...gather.map(dropped));
  met &&= lost === 0;
  console.log(
    `    ${'sockets dropped (worst run)'.padEnd(26)} Gather ${String(lost).padStart(7)},    bare ` +
      `${String(Math.max(...bare.map(dropped))).padStart(7)},                 target none ${lost === 0 ? 'met' : 'NOT met'}`,
  );
  return met;
}

function printDetail(name: string, runs: Run[]): void {
  const staff = (figure: (measured: StaffMeasured) => number) =>
    fixed(
      of(runs, (run) => figure(run.staff)),
      0,
    );
  console.log(`  ${name}, median of ${runs.length} runs:`);
  console.log(
    `    question -> staff screen p50 ${fixed(of(runs, (r) => p50(r.staff.questionLatencies)))} ms, ` +
      `p99 ${fixed(of(runs, (r) => p99(r.staff.questionLatencies)))} ms (${staff((m) => m.missingQuestions)} missing); ` +
      `vote -> staff screen p50 ${fixed(of(runs, (r) => p50(r.staff.voteLatencies)))} ms, ` +
      `p99 ${fixed(of(runs, (r) => p99(r.staff.voteLatencies)))} ms (${staff((m) => m.missingVotes)} missing)`,
  );
  console.log(
    `    calls answered: vote p99 ${fixed(of(runs, (r) => p99(r.staff.voteAnswers)))} ms, submit p99 ` +
      `${fixed(of(runs, (r) => p99(r.staff.submitAnswers)))} ms; ${staff((m) => m.failedVotes)} votes and ` +
      `${staff((m) => m.failedSubmits)} submits failed; load took ${fixed(of(runs, (r) => r.staff.seconds))} s`,
  );
  console.log(
    `    question page p50 ${fixed(of(runs, (r) => p50(r.pages.latencies)))} ms, p99 ` +
      `${fixed(of(runs, (r) => p99(r.pages.latencies)))} ms, max ${fixed(of(runs, (r) => percentiles(r.pages.latencies).max))} ms ` +
      `(${fixed(
        of(runs, (r) => r.pages.latencies.length),
        0,
      )} pages of ${fixed(
        of(runs, (r) => r.pages.bytes),
        0,
      )} bytes as sent; ` +
      `${fixed(
        of(runs, (r) => r.pages.failed),
        0,
      )} failed, ${fixed(
        of(runs, (r) => r.pages.undrawn),
        0,
      )} not drawn on the server)`,
  );
  console.log(
    `    audience: ${fixed(
      of(runs, (r) => r.audience.questionLists),
      0,
    )} question lists and ` +
      `${fixed(
        of(runs, (r) => r.audience.voteLists),
        0,
      )} vote-count lists received; sockets connected in ` +
      `${fixed(of(runs, (r) => r.connectSeconds))} s; dropped per run: ${runs.map(dropped).join(', ')}`,
  );
  console.log(
    `    server process: CPU ${fixed(
      of(runs, (r) => r.active.cpu),
      2,
    )} s/s under the load, RSS peak ` +
      `${mb(of(runs, (r) => r.active.rssPeak))} MB; machine ${fixed(of(runs, (r) => r.busy) * 100, 0)}% busy; ` +
      `loads: ${runs.map((run) => run.load.replace(/^load /, '').replace(/ on .*$/, '')).join(' | ')}`,
  );
}

/**
 * What the audience's sockets cost the server process, per 1,000: idle (heap once garbage is collected, CPU over a
 * ping interval) and under the load (heap at the end of it, and all the process's CPU, as qna-votes counts it:
 * votes, questions and pages included). Memory is the heap's growth over the process's before any socket: RSS
 * also falls as V8 hands back what starting took, so its differences are printed but are not a socket's cost.
 */
function printSocketCost(gather: Run[], bare: Run[], audience: number): void {
  const thousands = audience / 1000;
  const line = (runs: Run[]) => {
    const per = (figure: (run: Run) => number) => of(runs, figure) / thousands;
    return (
      `idle ${mb(
        per((r) => r.connected.heapUsed - r.before.heapUsed),
        1,
      )} MB heap, ` +
      `${fixed(
        per((r) => r.idle.cpu),
        4,
      )} s CPU/s; under the load ` +
      `${mb(
        per((r) => r.active.heapUsed - r.before.heapUsed),
        1,
      )} MB heap, ${fixed(
        per((r) => r.active.cpu),
        3,
      )} s CPU/s ` +
      `(RSS ${mb(of(runs, (r) => r.before.rss))} MB before the sockets, ${mb(of(runs, (r) => r.connected.rss))} MB ` +
      `with them idle, ${mb(of(runs, (r) => r.active.rssPeak))} MB at the peak)`
    );
  };
  console.log(`  cost per 1,000 audience sockets (medians; heap over the process's before any socket):`);
  console.log(`    Gather: ${line(gather)}`);
  console.log(`    bare:   ${line(bare)}`);
}
