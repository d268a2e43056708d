/**
 * The names of the tests that failed (and of the journeys that passed only when run again), read from the
 * tiers' JSON reports, so the last lines of `npm test` say what went wrong without the whole log.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface NamedResult {
  name: string;
  /** The first lines of the first error (what failed, the locator, expected and received). */
  error: string;
}

/** Lines of an error kept in the summary: enough for the locator, the expectation and the call log's start. */
const ERROR_LINES = 8;

const leadingLines = (text: string | undefined, count = ERROR_LINES): string =>
  (text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colours in reported errors
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .slice(0, count)
    .map((line) => line.slice(0, 200))
    .join('\n      ');

const firstLine = (text: string | undefined): string => leadingLines(text, 1);

/**
 * Vitest reports a test that ran out of time by the stack captured where the test was declared, whose
 * first line is `Error: STACK_TRACE_ERROR`; the summary says what happened instead.
 */
function readableFailure(message: string | undefined): string | undefined {
  if (!message?.startsWith('Error: STACK_TRACE_ERROR')) return message;
  return message.replace(
    'Error: STACK_TRACE_ERROR',
    'Timed out: the test did not finish within its time limit',
  );
}

interface VitestReport {
  testResults: {
    name: string;
    message?: string;
    status: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

export function vitestFailures(file: string, root: string): NamedResult[] {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  return report.testResults.flatMap((suite) => {
    const where = relative(root, suite.name);
    const failed = suite.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => ({
        name: `${where} › ${test.fullName}`,
        error: leadingLines(readableFailure(test.failureMessages[0]), 4),
      }));
    // A file that failed to load has no failed test of its own.
    if (failed.length === 0 && suite.status === 'failed')
      return [{ name: where, error: firstLine(suite.message) }];
    return failed;
  });
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: {
      status: string;
      results: { error?: { message?: string; location?: { file: string; line: number; column: number } } }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
}

export interface JourneyOutcomes {
  failed: NamedResult[];
  flaky: NamedResult[];
}

export function playwrightOutcomes(file: string): JourneyOutcomes {
  const outcomes: JourneyOutcomes = { failed: [], flaky: [] };
  if (!existsSync(file)) return outcomes;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { suites: PlaywrightSuite[] };
  const walk = (suite: PlaywrightSuite, titles: string[]): void => {
    const path = suite.file === undefined || suite.title === suite.file ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const list =
          test.status === 'unexpected' ? outcomes.failed : test.status === 'flaky' ? outcomes.flaky : null;
        if (!list) continue;
        const error = test.results.find((r) => r.error)?.error;
        const at = error?.location
          ? `at ${error.location.file.replace(/^.*\/web\/e2e\//, 'web/e2e/')}:${error.location.line}\n`
          : '';
        list.push({
          name: [`web/e2e/${spec.file}:${spec.line}`, ...path, spec.title].join(' › '),
          error: leadingLines(`${at}${error?.message ?? ''}`),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites) walk(suite, []);
  return outcomes;
}

export function printResults(heading: string, results: readonly NamedResult[]): void {
  if (results.length === 0) return;
  process.stdout.write(`\n${heading}\n`);
  for (const r of results) process.stdout.write(`  ✘ ${r.name}\n      ${r.error}\n`);
}
