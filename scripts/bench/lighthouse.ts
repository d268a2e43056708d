/**
 * Page speed of the feed (`/feed`) as a phone on a slow network sees it: Lighthouse's mobile profile
 * (a mid-range phone, simulated slow 4G and a 4× slower CPU) in the system Chromium, headless, against
 * the local origin with the demo data. A discarded first run warms the origin (function modules, the
 * catalogue index); of the measured runs, the one with the median performance score is reported.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import type { BenchSection } from './catalog-search';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags the browser journeys run Chromium with (web/playwright.config.ts). */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUNS = 3;
const PAGE = '/feed';
export const LIGHTHOUSE_BUDGET = { performance: 0.9, lcpMs: 2500, cls: 0.1 };

export interface PageFigures {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  speedIndexMs: number;
  transferBytes: number;
  requests: number;
  lcpElement: string;
}

interface Browser {
  port: number;
  close(): Promise<void>;
}

/** Starts Chromium with a throwaway profile and DevTools on a free loopback port. */
async function launchChromium(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'kork-lighthouse-'));
  const child: ChildProcess = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${seen}`)), 30_000);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${seen}`)));
      child.stderr?.on('data', (chunk: Buffer) => {
        seen += chunk.toString('utf8');
        const match = seen.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    return { port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function numeric(lhr: Result, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? Number.NaN;
}

function lcpElement(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { node?: { selector?: string; nodeLabel?: string } }[] }[] }
    | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  // The label goes into the document's Markdown, where a `|` could start a table cell.
  return node ? `${node.nodeLabel ?? ''} (\`${node.selector ?? ''}\`)`.replaceAll('|', '\\|') : 'unknown';
}

export function pageFigures(lhr: Result): PageFigures {
  const requests = lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined;
  return {
    performance: lhr.categories.performance?.score ?? 0,
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    transferBytes: numeric(lhr, 'total-byte-weight'),
    requests: requests?.items?.length ?? 0,
    lcpElement: lcpElement(lhr),
  };
}

/** Lighthouse's mobile profile on one URL, `runs` times in one browser; every run's full result. */
export async function runLighthouse(url: string, runs: number): Promise<Result[]> {
  const browser = await launchChromium();
  try {
    const results: Result[] = [];
    for (let i = 0; i < runs; i++) {
      const run = await lighthouse(url, {
        port: browser.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!run) throw new Error('Lighthouse returned no result');
      if (run.lhr.runtimeError) throw new Error(`Lighthouse: ${run.lhr.runtimeError.message}`);
      results.push(run.lhr);
    }
    return results;
  } finally {
    await browser.close();
  }
}

export async function benchLighthouse(base: string): Promise<BenchSection> {
  const [, ...measured] = await runLighthouse(`${base}${PAGE}`, RUNS + 1);
  const runs = measured.map(pageFigures).sort((a, b) => a.performance - b.performance);
  const median = runs[Math.floor(runs.length / 2)] as PageFigures;
  const ok = {
    performance: median.performance >= LIGHTHOUSE_BUDGET.performance,
    lcp: median.lcpMs <= LIGHTHOUSE_BUDGET.lcpMs,
    cls: median.cls <= LIGHTHOUSE_BUDGET.cls,
  };
  const failures = [
    ...(ok.performance ? [] : ['Lighthouse performance']),
    ...(ok.lcp ? [] : ['Lighthouse LCP']),
    ...(ok.cls ? [] : ['Lighthouse CLS']),
  ];
  const s = (msValue: number) => `${(msValue / 1000).toFixed(2)} s`;
  const mark = (pass: boolean) => (pass ? 'yes' : 'NO');
  const lines = [
    `## Page speed of the feed (Lighthouse ${lighthouseVersion(measured[0])}, mobile)`,
    '',
    `\`${PAGE}\` with the demo data, Lighthouse's mobile profile (a mid-range phone, simulated slow 4G, 4× CPU`,
    `slowdown) in the system Chromium, headless; ${RUNS} runs after a discarded warm-up run, the median by score.`,
    '',
    '| figure | median run | budget | within |',
    '|---|---:|---:|:---:|',
    `| performance score | ${median.performance.toFixed(2)} | ≥ ${LIGHTHOUSE_BUDGET.performance} | ${mark(ok.performance)} |`,
    `| first contentful paint | ${s(median.fcpMs)} | | |`,
    `| largest contentful paint | ${s(median.lcpMs)} | ≤ ${s(LIGHTHOUSE_BUDGET.lcpMs)} | ${mark(ok.lcp)} |`,
    `| cumulative layout shift | ${median.cls.toFixed(3)} | ≤ ${LIGHTHOUSE_BUDGET.cls} | ${mark(ok.cls)} |`,
    `| total blocking time | ${Math.round(median.tbtMs)} ms | | |`,
    `| speed index | ${s(median.speedIndexMs)} | | |`,
    `| transferred | ${(median.transferBytes / 1024).toFixed(1)} KB in ${median.requests} requests | | |`,
    '',
    `Scores of the ${RUNS} runs: ${runs.map((r) => r.performance.toFixed(2)).join(', ')}. Largest contentful paint: ${median.lcpElement}.`,
  ];
  return {
    title: 'Page speed',
    lines,
    failures,
    figures: {
      performance: median.performance,
      fcpMs: median.fcpMs,
      lcpMs: median.lcpMs,
      cls: median.cls,
      tbtMs: median.tbtMs,
      transferBytes: median.transferBytes,
    },
  };
}

function lighthouseVersion(lhr: Result | undefined): string {
  return lhr?.lighthouseVersion ?? '';
}
