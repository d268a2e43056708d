/** Timing loops the bench sections share: each call timed alone, in milliseconds, one after another. */

/** The value below which `p` percent of the samples fall (nearest rank); 0 for no samples. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** How long one call takes. */
export async function timeOnce(call: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await call();
  return performance.now() - start;
}

/**
 * `runs` calls, each timed; `before` (untimed) runs ahead of each one: forgetting what an instance holds
 * for a cold call, or a write the call must catch up with.
 */
export async function timeRuns(
  runs: number,
  call: () => Promise<unknown>,
  before?: (run: number) => unknown,
): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    await before?.(run);
    times.push(await timeOnce(call));
  }
  return times;
}

/** Every query timed in turn, after the first `warmUp` of them asked untimed. */
export async function timeQueries<Q>(
  queries: readonly Q[],
  warmUp: number,
  call: (query: Q) => Promise<unknown>,
): Promise<number[]> {
  for (const query of queries.slice(0, warmUp)) await call(query);
  const times: number[] = [];
  for (const query of queries) times.push(await timeOnce(() => call(query)));
  return times;
}
