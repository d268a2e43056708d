/**
 * The Bedrock adapter's client answered offline (aws-sdk-client-mock), for the evaluation set: each
 * ConverseStream call of a question is answered with the question's fixture (bedrock-fixtures/<id>.json,
 * holes filled by scripted-bedrock.ts), or — when writing the fixtures — with the script's own move,
 * whose events are kept. Every request the adapter sent is kept (a copy taken when it was sent) with the
 * question it belongs to, for the test's checks on maxTokens, toolConfig, tool results and rounds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BedrockRuntimeClient,
  ConverseStreamCommand,
  type ConverseStreamCommandInput,
} from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import type { EvalQuestion } from './facts';
import {
  type BedrockFixture,
  type ConverseStreamEvent,
  fillCall,
  moveEvents,
  nextMove,
} from './scripted-bedrock';

export const FIXTURES_DIR = join(import.meta.dirname, 'bedrock-fixtures');

export function readFixture(questionId: string): BedrockFixture {
  return JSON.parse(readFileSync(join(FIXTURES_DIR, `${questionId}.json`), 'utf8')) as BedrockFixture;
}

export interface SentRequest {
  question: string;
  /** The call's number within its question's answer (0 first). */
  call: number;
  input: ConverseStreamCommandInput;
}

async function* streamOf(events: readonly ConverseStreamEvent[]) {
  for (const event of events) yield event;
}

export interface BedrockReplay {
  /** Pass to `runEval` (it tells the replay which question is asked). */
  onQuestion(question: EvalQuestion): void;
  sent: SentRequest[];
  /** The fixtures' kinds, by question id, as they were read. */
  kinds: Map<string, BedrockFixture['kind']>;
  /** A fixture that did not fit the request (out of date, or a call too many). */
  problems: string[];
  /** Gives the client back its real `send`. */
  restore(): void;
}

/**
 * Answers the Bedrock client from the fixtures; with `write`, from the script instead, handing each
 * question's events (holes left for what depends on a tool result or on the day) to `write`.
 */
export function replayBedrock(
  write?: (question: EvalQuestion, calls: ConverseStreamEvent[][]) => void,
): BedrockReplay {
  const stub = mockClient(BedrockRuntimeClient);
  const sent: SentRequest[] = [];
  const kinds = new Map<string, BedrockFixture['kind']>();
  const problems: string[] = [];
  let current:
    | { question: EvalQuestion; fixture?: BedrockFixture; calls: ConverseStreamEvent[][] }
    | undefined;
  const flush = () => {
    if (write && current) write(current.question, current.calls);
  };
  stub.on(ConverseStreamCommand).callsFake(async (input: ConverseStreamCommandInput) => {
    if (!current) throw new Error('no evaluation question is being asked');
    const call = sent.filter((s) => s.question === current?.question.id).length;
    sent.push({ question: current.question.id, call, input: structuredClone(input) });
    const where = `bedrock-fixtures/${current.question.id}.json call ${call}`;
    let events: ConverseStreamEvent[];
    if (write) {
      const move = await nextMove(input);
      const ids = { question: current.question.id, round: call };
      // An input that depends on an earlier result, on the day, or on a question made from the data.
      const madeFromData = typeof current.question.text === 'function';
      const derived = (c: { input: unknown }) =>
        call > 0 || madeFromData || /\d{4}-\d{2}-\d{2}/.test(JSON.stringify(c.input ?? {}));
      current.calls.push(moveEvents(move, input, ids, { derived }));
      events = moveEvents(move, input, ids);
    } else {
      const planned = current.fixture?.calls[call];
      try {
        if (!planned) throw new Error(`${where}: the fixture has no call ${call}`);
        events = await fillCall(planned, input, where);
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
        throw error;
      }
    }
    return { stream: streamOf(events) };
  });
  return {
    sent,
    kinds,
    problems,
    onQuestion(question) {
      flush();
      current = { question, calls: [] };
      if (!write) {
        current.fixture = readFixture(question.id);
        kinds.set(question.id, current.fixture.kind);
      }
    },
    restore() {
      flush();
      current = undefined;
      stub.restore();
    },
  };
}
