/**
 * Writes functions/src/assistant/eval/bedrock-fixtures/<question id>.json: the ConverseStream events
 * answering each question of the assistant's evaluation set, one array per model call, on a fresh
 * in-memory local stack with the demo data seeded, through the real Bedrock adapter and the ask service.
 *
 *   npx tsx scripts/record-assistant-fixtures.ts            # scripted: no network, no credentials
 *   npx tsx scripts/record-assistant-fixtures.ts --live     # recorded from Bedrock (credentials, costs tokens)
 *   … --only low-en,lamb-nb                                 # some questions, by id
 *
 * Scripted fixtures (`"kind": "scripted"`) play the model's part with the local engine's router and
 * templates (functions/src/assistant/eval/scripted-bedrock.ts): the tool calls a model would make, then
 * `{{narration}}`, filled at replay from the tool results the adapter sent back; a tool input that depends
 * on an earlier result or on the day is `{{input}}`, filled the same way. Recorded fixtures
 * (`"kind": "recorded"`) are Bedrock's own event streams, replayed as they came: their dates and ids are
 * those of the recording's day and stack, so questions about "last month" or a wine's id go stale.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { EVAL_SEEDS } from '@kork/functions/assistant/eval/eval-seeds';
import type { EvalOptions } from '@kork/functions/assistant/eval/run-eval';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { startLocalStack } from '../infra/local/stack';

type Events = Record<string, unknown>[];

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  if (at >= 0) return args[at + 1];
  return args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** Tees every ConverseStream answer of the real client into `record` (the current question's calls). */
function recordLive(record: (events: Events) => void): void {
  const send = BedrockRuntimeClient.prototype.send;
  BedrockRuntimeClient.prototype.send = async function (this: BedrockRuntimeClient, ...args: unknown[]) {
    // biome-ignore lint/suspicious/noExplicitAny: the client's overloads, passed through as they came
    const response = (await (send as any).apply(this, args)) as { stream?: AsyncIterable<unknown> };
    const source = response.stream;
    if (!source) return response;
    const events: Events = [];
    record(events);
    response.stream = (async function* () {
      for await (const event of source) {
        events.push(JSON.parse(JSON.stringify(event)) as Events[number]);
        yield event;
      }
    })();
    return response;
  } as typeof send;
}

async function main(): Promise<void> {
  process.env.LOG_LEVEL ??= 'warn';
  const live = process.argv.includes('--live');
  const only = option('only')?.split(',').filter(Boolean);
  const { bedrockAssistantModel } = await import('@kork/functions/adapters/bedrock-assistant-model');
  const { FIXTURES_DIR, replayBedrock } = await import('@kork/functions/assistant/eval/bedrock-replay');
  const { formatReport, runEval } = await import('@kork/functions/assistant/eval/run-eval');
  mkdirSync(FIXTURES_DIR, { recursive: true });

  const save = (id: string, text: string, kind: 'scripted' | 'recorded', calls: Events[]) => {
    const fixture = {
      question: id,
      text,
      kind,
      ...(live ? { model: bedrockAssistantModel.name } : {}),
      calls,
    };
    writeFileSync(join(FIXTURES_DIR, `${id}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
  };

  const stack = await startLocalStack({});
  try {
    console.log('Seeding the demo data…');
    await applySeeds(EVAL_SEEDS);
    let onQuestion: EvalOptions['onQuestion'];
    let finish = () => {};
    const asked = new Map<string, string>();
    if (live) {
      let calls: Events[] = [];
      let id: string | undefined;
      const flush = () => {
        if (id) save(id, asked.get(id) ?? '', 'recorded', calls);
      };
      recordLive((events) => calls.push(events));
      onQuestion = (question) => {
        flush();
        id = question.id;
        calls = [];
      };
      finish = flush;
    } else {
      const replay = replayBedrock((question, calls) =>
        save(question.id, asked.get(question.id) ?? '', 'scripted', calls),
      );
      onQuestion = replay.onQuestion;
      finish = () => replay.restore();
    }
    console.log(live ? `Recording ${bedrockAssistantModel.name}…` : 'Writing the scripted fixtures…');
    const report = await runEval(bedrockAssistantModel, {
      only,
      onQuestion,
      onResult: (r) => {
        asked.set(r.id, r.question);
        console.log(`  ${r.passed ? 'pass' : 'FAIL'} ${r.id}`);
      },
    });
    finish();
    console.log();
    console.log(formatReport(report));
    console.log(`\nWrote ${report.total} fixtures to ${FIXTURES_DIR}`);
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
