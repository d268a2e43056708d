/** Scheduled jobs locally: on a timer (rate expressions) and on demand. Each run is recorded. */
import { randomUUID } from 'node:crypto';
import { db } from '@kork/functions/data/entities';
import { type JobDef, jobs } from '@kork/functions/routes';
import { loadFunction } from './stack';

type JobHandler = (event: unknown, context: unknown) => Promise<unknown>;

const allJobs = jobs as Record<string, JobDef>;

export function jobNames(): string[] {
  return Object.keys(allJobs);
}

/**
 * Runs a job once and records the run. `detail` is what the job's event carries: `npm run job -- <name>
 * <path>` passes the path as `detail.file` (the `duty-rates` job reads that file).
 */
export async function runJob(
  name: string,
  trigger: 'schedule' | 'manual',
  detail: Record<string, unknown> = {},
): Promise<string> {
  const def = allJobs[name];
  if (!def) throw new Error(`Unknown job "${name}". Jobs: ${jobNames().join(', ') || 'none yet'}`);
  const runId = randomUUID();
  const startedAt = new Date().toISOString();
  await db().entities.jobRun.put({ job: name, runId, startedAt, status: 'running', trigger }).go();
  try {
    const handler = await loadFunction<JobHandler>(def.handler);
    const result = await handler({ source: 'kork.local', 'detail-type': 'Scheduled Event', detail }, {});
    const summary = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    await db()
      .entities.jobRun.patch({ job: name, startedAt, runId })
      .set({ status: 'succeeded', finishedAt: new Date().toISOString(), summary })
      .go();
    return summary;
  } catch (error) {
    await db()
      .entities.jobRun.patch({ job: name, startedAt, runId })
      .set({ status: 'failed', finishedAt: new Date().toISOString(), summary: String(error) })
      .go();
    throw error;
  }
}

/** Milliseconds between runs for `rate(N unit)`; other expressions only run on demand locally. */
export function rateMs(expression: string): number | undefined {
  const match = expression.match(/^rate\((\d+)\s+(minute|minutes|hour|hours|day|days)\)$/);
  if (!match) return undefined;
  const unit = match[2]?.startsWith('minute')
    ? 60_000
    : match[2]?.startsWith('hour')
      ? 3_600_000
      : 86_400_000;
  return Number(match[1]) * unit;
}

/** The longest delay Node's timers take (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function scheduleJobs(log: (line: string) => void): () => void {
  const timers = Object.entries(allJobs).flatMap(([name, def]) => {
    const every = rateMs(def.schedule);
    if (!every) return [];
    return [
      setInterval(
        () => {
          runJob(name, 'schedule').then(
            (summary) => log(`job ${name}: ${summary}`),
            (error) => log(`job ${name} failed: ${error}`),
          );
        },
        // A timer longer than 2^31 − 1 ms fires at once (and then every millisecond): a monthly job would
        // run without pause. Such a job runs at most that often here.
        Math.min(every, MAX_TIMER_MS),
      ),
    ];
  });
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
