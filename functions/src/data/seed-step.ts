/** One demo-data seed step. Each domain exports its steps; `seeds.ts` lists them in order. */
export interface SeedStep {
  name: string;
  /** Raise it to apply a changed step again. */
  version: number;
  description: string;
  /** `log` shows progress of long steps (the catalogue import). */
  run(log: (line: string) => void): Promise<string | undefined>;
}
