import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** What a server process used over a stretch of time: its CPU, and its memory at the end and at its peak. */
export interface Usage {
  /** CPU seconds (user and system) per second of the stretch. */
  cpu: number;
  seconds: number;
  /** Resident memory at its highest (sampled every SAMPLE_MS) and at the end, in bytes. */
  rssPeak: number;
  rss: number;
  heapUsed: number;
  /** The event loop's delay at p99, in ms: how long a socket's or a call's turn could wait behind other work. */
  loopP99: number;
}

/** Memory once garbage is collected: what the process holds, not what it has yet to free. */
export interface Settled {
  rss: number;
  heapUsed: number;
}

const SAMPLE_MS = 100;

// The bench files run without --expose-gc (bench/run.ts starts them alike); V8 still lends the function on asking.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Measures this process from `start` to `stop`: the server under test lives in it. */
export class UsageMeter {
  private rssPeak = 0;
  private timer?: NodeJS.Timeout;
  private ownLoad: () => OwnLoad = measureOwnLoad();

  start(): void {
    this.ownLoad(); // ends the stretch measured since the meter was made or last stopped
    this.ownLoad = measureOwnLoad();
    this.rssPeak = process.memoryUsage.rss();
    this.timer = setInterval(() => {
      this.rssPeak = Math.max(this.rssPeak, process.memoryUsage.rss());
    }, SAMPLE_MS);
  }

  stop(): Usage {
    clearInterval(this.timer);
    const { cpu, seconds, loopP99 } = this.ownLoad();
    const { rss, heapUsed } = process.memoryUsage();
    return { cpu, seconds, rssPeak: Math.max(this.rssPeak, rss), rss, heapUsed, loopP99 };
  }
}

/** Collected twice a moment apart: V8 hands freed pages back to the system on a later collection, not the first. */
export async function settledMemory(): Promise<Settled> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 500));
  collectGarbage();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

/** The machine's load averages (1, 5 and 15 minutes) and core count, for each run's line. */
export function machineLoad(): string {
  const [one, five, fifteen] = os.loadavg().map((value) => value.toFixed(2));
  return `load ${one} ${five} ${fifteen} on ${os.cpus().length} cores`;
}

/** The share of every core's time spent busy since `before` (os.cpus() times): how close the machine ran to full. */
export function machineBusy(before: os.CpuInfo[]): number {
  const totals = (cpus: os.CpuInfo[]) =>
    cpus.reduce(
      (sum, { times }) => {
        const all = times.user + times.nice + times.sys + times.irq + times.idle;
        return { all: sum.all + all, idle: sum.idle + times.idle };
      },
      { all: 0, idle: 0 },
    );
  const start = totals(before);
  const end = totals(os.cpus());
  const all = end.all - start.all;
  return all > 0 ? 1 - (end.idle - start.idle) / all : 0;
}

export const mb = (bytes: number, digits = 0): string => (bytes / 2 ** 20).toFixed(digits);

/** A measuring child's own cost over the load: what it takes from the machine, and how late its clock reads come. */
export interface OwnLoad {
  /** CPU seconds per second. */
  cpu: number;
  seconds: number;
  /** Its event loop's delay at p99, in ms: a receipt is timed no sooner than the loop gets to it. */
  loopP99: number;
}

/** Starts measuring this process's own load; the function returned stops and reads it. */
export function measureOwnLoad(): () => OwnLoad {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  return () => {
    delay.disable();
    const { user, system } = process.cpuUsage(cpuBefore);
    const seconds = (performance.now() - startedAt) / 1000;
    return { cpu: (user + system) / 1e6 / seconds, seconds, loopP99: delay.percentile(99) / 1e6 };
  };
}
