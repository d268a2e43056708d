/**
 * Runs the evaluation set against a model port through the path the routes use (the ask service: the
 * conversation, the limits, the tools run for the signed-in user, the stream of events) and scores each
 * answer: every required tool called (and no tool for a question that needs none), every fact present,
 * no error. Also keeps each answer's time to its first text and to its end, for the bench.
 *
 * The rate limit (questions per user per minute) is kept: each question is asked at a "now" a minute
 * before the previous one of the same account, and its facts are read for that same moment.
 */
import type { AssistantStreamEvent, AssistantToolName } from '@kork/shared';
import { type AssistantModelPort, assistantModel, useAssistantModel } from '../../adapters/assistant-model';
import { askStreaming } from '../ask/ask-service';
import { createConversation } from '../conversations/conversation-service';
import { fold } from '../engine/words';
import { type DemoAccount, type DemoData, demoData } from './demo-data';
import { EVAL_QUESTIONS, type EvalQuestion, type Fact } from './questions';

export interface EvalResult {
  id: string;
  account: DemoAccount;
  locale: string;
  question: string;
  passed: boolean;
  /** Why it failed: a tool not called, a fact missing, an error. */
  failures: string[];
  tools: AssistantToolName[];
  text: string;
  /** Milliseconds from the question to the first text event, and to the end of the stream. */
  firstTextMs: number | null;
  totalMs: number;
}

export interface EvalReport {
  model: string;
  results: EvalResult[];
  passed: number;
  total: number;
  /** passed ÷ total. */
  score: number;
}

/** The answer as facts are looked for in it: Markdown escapes gone, thousands separators gone, folded. */
export function comparable(text: string): string {
  let out = text.replace(/\\([\\[\]|])/g, '$1').replace(/[\u00a0\u202f]/g, ' ');
  for (let before = ''; before !== out; ) {
    before = out;
    out = out.replace(/(\d)[ ,](?=\d{3}(?!\d))/g, '$1');
  }
  return fold(out).replace(/\s+/g, ' ');
}

function hasNumber(text: string, value: number): boolean {
  return new RegExp(`(?<![\\d])${value}(?![\\d])`).test(text);
}

/** Whether the answer holds the fact (see `comparable`). */
export function holds(answer: string, fact: Fact): boolean {
  const text = comparable(answer);
  if ('anyOf' in fact) return fact.anyOf.some((item) => text.includes(comparable(item)));
  if ('number' in fact) return hasNumber(text, fact.number);
  const whole = Math.trunc(fact.money / 100);
  return hasNumber(text, whole) || hasNumber(text, Math.round(fact.money / 100));
}

export interface EvalOptions {
  /** Questions by id (all when absent). */
  only?: readonly string[];
  /** The first question's moment (now when absent). */
  now?: Date;
  /** Called as each result is scored. */
  onResult?: (result: EvalResult) => void;
  /** Called before each question is asked, with the moment it is asked at. */
  onQuestion?: (question: EvalQuestion, now: Date) => void;
}

async function askOne(
  question: EvalQuestion,
  data: DemoData,
  now: Date,
): Promise<{
  text: string;
  tools: AssistantToolName[];
  events: AssistantStreamEvent[];
  firstTextMs: number | null;
  totalMs: number;
  asked: string;
}> {
  const asked = typeof question.text === 'string' ? question.text : await question.text(data);
  const { id } = await createConversation(data.ownerId, now);
  const events: AssistantStreamEvent[] = [];
  let firstTextMs: number | null = null;
  const started = performance.now();
  const answer = await askStreaming(
    {
      userId: data.ownerId,
      conversationId: id,
      text: asked,
      locale: question.locale,
      currency: 'NOK',
      requestId: `eval-${question.id}`,
      now,
    },
    (event) => {
      if (event.type === 'text' && firstTextMs === null) firstTextMs = performance.now() - started;
      events.push(event);
    },
  );
  const totalMs = performance.now() - started;
  return {
    text: answer.text,
    tools: answer.toolCalls.filter((call) => call.ok).map((call) => call.name),
    events,
    firstTextMs,
    totalMs,
    asked,
  };
}

/** Runs the set (or `only` of it) against `port`, installed for the run. */
export async function runEval(port: AssistantModelPort, options: EvalOptions = {}): Promise<EvalReport> {
  const start = options.now ?? new Date();
  const questions = EVAL_QUESTIONS.filter((q) => !options.only || options.only.includes(q.id));
  const asked = new Map<DemoAccount, number>();
  const results: EvalResult[] = [];
  // The port is installed for the run, and what was installed before (the local runner's) is put back.
  const previous = await assistantModel();
  useAssistantModel(port);
  try {
    for (const question of questions) {
      const n = asked.get(question.account) ?? 0;
      asked.set(question.account, n + 1);
      // A minute apart per account: one question in each of the rate limit's windows.
      const now = new Date(start.getTime() - n * 60_000);
      const data = await demoData(question.account, now);
      const failures: string[] = [];
      let run: Awaited<ReturnType<typeof askOne>> | undefined;
      options.onQuestion?.(question, now);
      try {
        run = await askOne(question, data, now);
      } catch (error) {
        failures.push(`asking failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (run) {
        const error = run.events.find((e) => e.type === 'error');
        if (error) failures.push(`answered an error: ${(error as { message: string }).message}`);
        for (const tool of question.tools)
          if (!run.tools.includes(tool)) failures.push(`did not call ${tool}`);
        if (question.tools.length === 0 && run.tools.length > 0)
          failures.push(`called ${run.tools.join(', ')}`);
        try {
          for (const fact of await question.facts(data)) {
            if (!holds(run.text, fact)) failures.push(`missing ${fact.label}: ${describe(fact)}`);
          }
        } catch (error) {
          failures.push(`facts not read: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      const result: EvalResult = {
        id: question.id,
        account: question.account,
        locale: question.locale,
        question: run?.asked ?? (typeof question.text === 'string' ? question.text : '(made from the data)'),
        passed: failures.length === 0,
        failures,
        tools: run?.tools ?? [],
        text: run?.text ?? '',
        firstTextMs: run?.firstTextMs ?? null,
        totalMs: run?.totalMs ?? 0,
      };
      results.push(result);
      options.onResult?.(result);
    }
  } finally {
    useAssistantModel(previous);
  }
  const passed = results.filter((r) => r.passed).length;
  return {
    model: port.name,
    results,
    passed,
    total: results.length,
    score: results.length ? passed / results.length : 0,
  };
}

function describe(fact: Fact): string {
  if ('anyOf' in fact) {
    const shown = fact.anyOf.slice(0, 3).map((item) => JSON.stringify(item));
    return fact.anyOf.length > 3
      ? `one of ${shown.join(', ')} … (${fact.anyOf.length})`
      : `one of ${shown.join(', ')}`;
  }
  return 'number' in fact ? String(fact.number) : `${(fact.money / 100).toFixed(2)} (money)`;
}

/** The report as a table, with each failure under its question. */
export function formatReport(report: EvalReport): string {
  const lines = [
    `${report.model}: ${report.passed} of ${report.total} passed (${(report.score * 100).toFixed(1)} %)`,
    '',
    '| question | account | lang | tools | first text | whole | result |',
    '|---|---|---|---|---:|---:|---|',
  ];
  for (const r of report.results) {
    const first = r.firstTextMs === null ? '–' : `${r.firstTextMs.toFixed(0)} ms`;
    lines.push(
      `| ${r.id} | ${r.account} | ${r.locale} | ${r.tools.join(', ') || '–'} | ${first} | ${r.totalMs.toFixed(0)} ms | ${r.passed ? 'pass' : 'FAIL'} |`,
    );
  }
  const failed = report.results.filter((r) => !r.passed);
  if (failed.length > 0) {
    lines.push('', 'Failures:');
    for (const r of failed) lines.push(`- ${r.id} (“${r.question}”): ${r.failures.join('; ')}`);
  }
  return lines.join('\n');
}
