import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vitestFailures } from './test-report';

function report(failureMessage: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'kork-report-'));
  const file = join(dir, 'vitest.json');
  writeFileSync(
    file,
    JSON.stringify({
      testResults: [
        {
          name: join(dir, 'a.int.test.ts'),
          status: 'failed',
          assertionResults: [{ fullName: 'a test', status: 'failed', failureMessages: [failureMessage] }],
        },
      ],
    }),
  );
  return file;
}

describe('the failure summary', () => {
  it('says a test ran out of time instead of naming the stack vitest captured', () => {
    const file = report('Error: STACK_TRACE_ERROR\n    at task (file:///x/chunk-artifact.js:1784:27)');
    const [failure] = vitestFailures(file, join(file, '..'));
    expect(failure?.name).toBe('a.int.test.ts › a test');
    expect(failure?.error).toMatch(/^Timed out: the test did not finish within its time limit/);
  });

  it('keeps an assertion’s own message', () => {
    const file = report('AssertionError: expected 500 to be 200\n    at a.int.test.ts:3:5');
    expect(vitestFailures(file, join(file, '..'))[0]?.error).toMatch(
      /^AssertionError: expected 500 to be 200/,
    );
  });
});
