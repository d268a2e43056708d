import { db } from './entities';
import type { SeedStep } from './seed-step';

export interface SeedOutcome {
  step: string;
  status: 'applied' | 'skipped';
  summary?: string;
}

/** Applies every step not yet applied at its version, recording each in the table. */
export async function applySeeds(
  steps: readonly SeedStep[],
  options: { force?: boolean; log?: (line: string) => void } = {},
): Promise<SeedOutcome[]> {
  const outcomes: SeedOutcome[] = [];
  for (const step of steps) {
    const { data: done } = await db().entities.seedRun.get({ step: step.name }).go();
    if (!options.force && done && done.version >= step.version) {
      outcomes.push({ step: step.name, status: 'skipped' });
      continue;
    }
    const started = Date.now();
    const summary = (await step.run(options.log ?? (() => {}))) ?? undefined;
    await db()
      .entities.seedRun.put({
        step: step.name,
        version: step.version,
        appliedAt: new Date().toISOString(),
        durationMs: Date.now() - started,
        summary,
      })
      .go();
    outcomes.push({ step: step.name, status: 'applied', summary });
  }
  return outcomes;
}
