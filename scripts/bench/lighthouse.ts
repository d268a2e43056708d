/**
 * Page speed of the feed (`/feed`) and of the guest's wine list (`/l/{listId}`) as a phone on a slow network sees it: Lighthouse's mobile profile
 * (a mid-range phone, simulated slow 4G and a 4× slower CPU) in the system Chromium, headless, against
 * the local origin with the demo data. A discarded first run warms the origin (function modules, the
 * catalogue index); of the measured runs, the one with the median performance score is reported.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** A page the bench measures, with its own budget. */
interface MeasuredPage {
  title: string;
  path: string;
  about: string;
  budget: { performance: number; lcpMs: number; cls: number };
}

/**
 * The guest's list page (`/l/{listId}`, server-written HTML): the demo restaurant's "Vinkart", as a
 * guest's phone opens it from the QR code.
 */
export const LIST_PAGE_BUDGET = { performance: 0.95, lcpMs: 1500, cls: 0.1 };

async function demoListPath(base: string): Promise<string> {
  const res = await fetch(`${base}/api/users/demo-restaurant/wine-lists`, {
    headers: { 'x-api-key': 'kork-local-web' },
  });
  if (!res.ok) throw new Error(`the demo restaurant's lists answered ${res.status}`);
  const { payload } = (await res.json()) as { payload: { rows: { id: string; name: string }[] } };
  const list = payload.rows.find((row) => row.name === 'Vinkart') ?? payload.rows[0];
  if (!list) throw new Error('the demo restaurant has no public list');
  return `/l/${list.id}`;
}

async function measurePage(base: string, page: MeasuredPage): Promise<BenchSection> {
  const [, ...measured] = await runLighthouse(`${base}${page.path}`, RUNS + 1);
  const runs = measured.map(pageFigures).sort((a, b) => a.performance - b.performance);
  const median = runs[Math.floor(runs.length / 2)] as PageFigures;
  const { budget } = page;
  const ok = {
    performance: median.performance >= budget.performance,
    lcp: median.lcpMs <= budget.lcpMs,
    cls: median.cls <= budget.cls,
  };
  const failures = [
    ...(ok.performance ? [] : [`${page.title}: Lighthouse performance`]),
    ...(ok.lcp ? [] : [`${page.title}: Lighthouse LCP`]),
    ...(ok.cls ? [] : [`${page.title}: Lighthouse CLS`]),
  ];
  const s = (msValue: number) => `${(msValue / 1000).toFixed(2)} s`;
  const mark = (pass: boolean) => (pass ? 'yes' : 'NO');
  const lines = [
    `## Page speed of ${page.title} (Lighthouse ${lighthouseVersion(measured[0])}, mobile)`,
    '',
    `${page.about} Lighthouse's mobile profile (a mid-range phone, simulated slow 4G, 4× CPU`,
    `slowdown) in the system Chromium, headless; ${RUNS} runs after a discarded warm-up run, the median by score.`,
    '',
    '| figure | median run | budget | within |',
    '|---|---:|---:|:---:|',
    `| performance score | ${median.performance.toFixed(2)} | ≥ ${budget.performance} | ${mark(ok.performance)} |`,
    `| first contentful paint | ${s(median.fcpMs)} | | |`,
    `| largest contentful paint | ${s(median.lcpMs)} | ≤ ${s(budget.lcpMs)} | ${mark(ok.lcp)} |`,
    `| cumulative layout shift | ${median.cls.toFixed(3)} | ≤ ${budget.cls} | ${mark(ok.cls)} |`,
    `| total blocking time | ${Math.round(median.tbtMs)} ms | | |`,
    `| speed index | ${s(median.speedIndexMs)} | | |`,
    `| transferred | ${(median.transferBytes / 1024).toFixed(1)} KB in ${median.requests} requests | | |`,
    '',
    `Scores of the ${RUNS} runs: ${runs.map((r) => r.performance.toFixed(2)).join(', ')}. Largest contentful paint: ${median.lcpElement}.`,
  ];
  lines.push('', `Main-thread work of the median run: ${mainThreadCosts(measured, median)}.`);
  if (failures.length > 0) lines.push('', `SLIPPED: ${failures.join(', ')}.`);
  return {
    title: `Page speed of ${page.title}`,
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

/** The feed and the guest's list page (or only those `only` names), one section each. */
export async function benchLighthouse(base: string, only?: 'feed' | 'list'): Promise<BenchSection> {
  const pages: MeasuredPage[] = [
    {
      title: 'the feed',
      path: PAGE,
      about: `\`${PAGE}\` with the demo data,`,
      budget: LIGHTHOUSE_BUDGET,
    },
    {
      title: "the guest's wine list",
      path: await demoListPath(base),
      about:
        "`/l/{listId}` (what the QR code opens: the server's HTML of the demo restaurant's list Vinkart, no script),",
      budget: LIST_PAGE_BUDGET,
    },
  ];
  const lines: string[] = [];
  const failures: string[] = [];
  const figures: Record<string, number | string> = {};
  for (const page of pages) {
    if (only && (page.path === PAGE) !== (only === 'feed')) continue;
    const section = await measurePage(base, page);
    if (lines.length > 0) lines.push('');
    lines.push(...section.lines);
    failures.push(...section.failures);
    for (const [key, value] of Object.entries(section.figures ?? {}))
      figures[`${page.path === PAGE ? 'feed' : 'list'}.${key}`] = value;
  }
  return { title: 'Page speed', lines, failures, figures };
}

type AuditItems = { items?: Record<string, unknown>[] } | undefined;

/** Where the blocking time goes: the scripts that take longest to run, and what they ship unused. */
function mainThreadCosts(measured: Result[], median: PageFigures): string {
  const lhr = measured.find((run) => pageFigures(run).performance === median.performance) ?? measured[0];
  if (!lhr) return 'unknown';
  const file = (url: unknown) =>
    String(url)
      .replace(/^https?:\/\/[^/]+/, '')
      .replace(/\?.*$/, '');
  const bootup = ((lhr.audits['bootup-time']?.details as AuditItems)?.items ?? [])
    .slice(0, 3)
    .map((item) => `${file(item.url)} ${Math.round(Number(item.scripting ?? item.total ?? 0))} ms`);
  const unused = ((lhr.audits['unused-javascript']?.details as AuditItems)?.items ?? [])
    .slice(0, 3)
    .map((item) => `${file(item.url)} ${(Number(item.wastedBytes ?? 0) / 1024).toFixed(0)} KB`);
  const longTasks = ((lhr.audits['long-tasks']?.details as AuditItems)?.items ?? []).length;
  return [
    `${longTasks} long tasks`,
    `scripting ${bootup.length ? bootup.join(', ') : 'none'}`,
    `unused JavaScript ${unused.length ? unused.join(', ') : 'none'}`,
  ]
    .join('; ')
    .replaceAll('|', '\\|');
}

function lighthouseVersion(lhr: Result | undefined): string {
  return lhr?.lighthouseVersion ?? '';
}

/**
 * `npx tsx scripts/bench/lighthouse.ts [--page feed|list]`: the page-speed section alone, against a fresh
 * demo origin (the built SPA in web/dist) or the one KORK_LIGHTHOUSE_BASE names. Prints the section; a page under its budget prints SLIPPED and exits 1.
 */
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.env.LOG_LEVEL ??= 'warn';
  // `--page feed|list`: one page only. KORK_LIGHTHOUSE_BASE: an origin already running with the demo data
  // (`npm start`), instead of a fresh one seeded here.
  const flag = process.argv.indexOf('--page');
  const only = flag > 0 ? (process.argv[flag + 1] as 'feed' | 'list') : undefined;
  const running = process.env.KORK_LIGHTHOUSE_BASE;
  const { startDemoOrigin } = await import('./demo-origin');
  const origin = running
    ? { base: running, stop: async () => undefined }
    : await startDemoOrigin({
        webRoot: resolve(import.meta.dirname, '..', '..', 'web', 'dist'),
        log: (line) => console.error(line),
      });
  try {
    const section = await benchLighthouse(origin.base, only);
    console.log(section.lines.join('\n'));
    if (section.failures.length > 0) {
      console.error(`SLIPPED: ${section.failures.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await origin.stop();
  }
}
