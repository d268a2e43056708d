/**
 * `npm run eval:assistant`: the cellar assistant's evaluation set (functions/src/assistant/eval) against
 * the local engine, or against Bedrock with `--model bedrock`, on a fresh in-memory local stack with the
 * demo data seeded, through the ask service the routes use. Prints a score table and every failure.
 *
 *   npm run eval:assistant                          # the local engine (local-rules), no network
 *   npm run eval:assistant -- --model bedrock       # Bedrock: AWS credentials and model access needed
 *   npm run eval:assistant -- --model bedrock-recorded  # the Bedrock adapter on its fixtures, offline
 *   npm run eval:assistant -- --only low-en,lamb-nb # some questions, by id
 *
 * Bedrock reads the usual AWS settings (AWS_PROFILE or keys, AWS_REGION, e.g. eu-west-1) and
 * ASSISTANT_MODEL_ID (the EU Claude Haiku inference profile when unset). Each Bedrock run costs tokens.
 * `bedrock-recorded` runs the real Bedrock adapter with its client answered from
 * functions/src/assistant/eval/bedrock-fixtures (aws-sdk-client-mock): the tool loop and the tools'
 * plumbing, not a model's choices (see docs/assistant.md, "Evaluation").
 * Exits 1 when fewer than 90 % pass.
 */

import type { AssistantModelPort } from '@kork/functions/adapters/assistant-model';
import { EVAL_SEEDS } from '@kork/functions/assistant/eval/eval-seeds';
import { applySeeds } from '@kork/functions/data/seed-runner';
import { startLocalStack } from '../infra/local/stack';

const PASS_SHARE = 0.9;

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  if (at >= 0) return args[at + 1];
  return args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

async function modelPort(name: string): Promise<AssistantModelPort> {
  if (name === 'local')
    return (await import('@kork/functions/assistant/engine/local-engine')).localAssistantModel;
  if (name === 'bedrock') {
    return (await import('@kork/functions/adapters/bedrock-assistant-model')).bedrockAssistantModel;
  }
  if (name === 'bedrock-recorded') {
    return (await import('@kork/functions/adapters/bedrock-assistant-model')).bedrockAssistantModel;
  }
  throw new Error(`--model is local, bedrock or bedrock-recorded, not ${name}`);
}

async function main(): Promise<void> {
  process.env.LOG_LEVEL ??= 'warn';
  const port = await modelPort(option('model') ?? 'local');
  const only = option('only')?.split(',').filter(Boolean);
  const stack = await startLocalStack({});
  try {
    console.log('Seeding the demo data…');
    await applySeeds(EVAL_SEEDS);
    const { formatReport, runEval } = await import('@kork/functions/assistant/eval/run-eval');
    // The recorded run: the adapter's client answered from the fixtures, none of it sent anywhere.
    const replay =
      option('model') === 'bedrock-recorded'
        ? (await import('@kork/functions/assistant/eval/bedrock-replay')).replayBedrock()
        : undefined;
    // Named as what it is: the adapter on its fixtures, no model.
    const asked: AssistantModelPort = replay
      ? { name: `${port.name} on its fixtures`, answer: (ask, emit) => port.answer(ask, emit) }
      : port;
    console.log(`Asking ${asked.name}…`);
    const report = await runEval(asked, {
      only,
      onQuestion: replay?.onQuestion,
      onResult: (r) => console.log(`  ${r.passed ? 'pass' : 'FAIL'} ${r.id} (${r.totalMs.toFixed(0)} ms)`),
    });
    replay?.restore();
    console.log();
    console.log(formatReport(report));
    if (replay) {
      const kinds = [...replay.kinds.values()];
      const scripted = kinds.filter((kind) => kind === 'scripted').length;
      console.log(`\nFixtures: ${scripted} scripted, ${kinds.length - scripted} recorded from Bedrock.`);
      for (const problem of replay.problems) console.log(`Fixture: ${problem}`);
    }
    if (report.score < PASS_SHARE) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
