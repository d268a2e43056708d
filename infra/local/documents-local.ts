/**
 * The local runner's document reader, in place of Textract: photos and scans through tesseract.js
 * (Norwegian and English, the language files copied from @tesseract.js-data into the data folder so no
 * network is asked), PDFs through pdfjs-dist's text layer. Positions come back as fractions of the page,
 * as Textract gives them.
 *
 * One tesseract worker, started on the first photo and kept; recognitions run one at a time. A PDF
 * without text (a scan) is not rendered to an image here: the job fails and says to upload a photo.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type {
  DocumentLine,
  DocumentPage,
  DocumentPort,
  DocumentText,
  DocumentWord,
} from '@kork/functions/adapters/documents';
import { ImportFileError } from '@kork/functions/imports/read/read-line';
import type Sharp from 'sharp';
import type { Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);
/** sharp is the functions package's (its native build is installed there). */
const sharp = createRequire(require.resolve('@kork/functions/adapters/documents'))('sharp') as typeof Sharp;

const LANGUAGES = ['nor', 'eng'] as const;
/**
 * Tesseract reads text about 30 px high best. Ordinary print (10–11 pt) on a page is that high when the
 * page's shorter side is about 1,800 px, so smaller images are enlarged to it (at most 3 times); very
 * large photos are brought down to `MAX_SIDE_PX`, which costs time and reads no better.
 */
const TEXT_WIDTH_PX = 1800;
const MAX_SIDE_PX = 4000;

export interface LocalDocuments extends DocumentPort {
  /** Starts the OCR worker (otherwise started by the first photo). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Copies the language files into one folder under `dataDir` (a missing one would crash the worker). */
function languageFolder(dataDir: string): string {
  const folder = join(dataDir, 'tesseract');
  mkdirSync(folder, { recursive: true });
  for (const language of LANGUAGES) {
    const target = join(folder, `${language}.traineddata.gz`);
    if (existsSync(target)) continue;
    const pkg = dirname(require.resolve(`@tesseract.js-data/${language}/package.json`));
    copyFileSync(join(pkg, '4.0.0_best_int', `${language}.traineddata.gz`), target);
  }
  return folder;
}

function isPdf(bytes: Uint8Array, contentType: string): boolean {
  if (contentType === 'application/pdf') return true;
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
}

export function createLocalDocuments(dataDir: string): LocalDocuments {
  let worker: Promise<Worker> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  function start(): Promise<Worker> {
    worker ??= (async () => {
      const langPath = languageFolder(dataDir);
      const { createWorker } = await import('tesseract.js');
      return createWorker([...LANGUAGES], 1, { langPath, cacheMethod: 'none', gzip: true });
    })();
    worker.catch(() => {
      worker = undefined;
    });
    return worker;
  }

  /** One recognition at a time on the one worker. */
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  async function readImage(bytes: Uint8Array): Promise<DocumentText> {
    let image: { data: Buffer; width: number; height: number };
    try {
      const input = sharp(bytes, { failOn: 'error' });
      const meta = await input.metadata();
      // EXIF orientations 5–8 turn the picture a quarter: its sides swap.
      const turned = (meta.orientation ?? 1) >= 5;
      const width = (turned ? meta.height : meta.width) ?? 0;
      const height = (turned ? meta.width : meta.height) ?? 0;
      const scale = Math.min(
        Math.min(3, Math.max(1, TEXT_WIDTH_PX / Math.max(1, Math.min(width, height)))),
        MAX_SIDE_PX / Math.max(1, width, height),
      );
      const pipeline = input.rotate().greyscale().normalise();
      const resized =
        Math.abs(scale - 1) > 0.05 ? pipeline.resize({ width: Math.round(width * scale) }) : pipeline;
      const { data, info } = await resized.png().toBuffer({ resolveWithObject: true });
      image = { data, width: info.width, height: info.height };
    } catch (error) {
      throw new ImportFileError(
        'importFileUnreadable',
        `The image could not be read (${(error as Error).message})`,
      );
    }
    const ocr = await start();
    const result = await serial(() => ocr.recognize(image.data, {}, { blocks: true, text: true }));
    const box = (b: { x0: number; y0: number; x1: number; y1: number }) => ({
      left: b.x0 / image.width,
      top: b.y0 / image.height,
      width: (b.x1 - b.x0) / image.width,
      height: (b.y1 - b.y0) / image.height,
    });
    const lines: DocumentLine[] = [];
    for (const block of result.data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          const words: DocumentWord[] = line.words
            .filter((w) => w.text.trim() !== '')
            .map((w) => ({ text: w.text.trim(), ...box(w.bbox) }));
          if (words.length === 0) continue;
          lines.push({ text: words.map((w) => w.text).join(' '), ...box(line.bbox), words });
        }
      }
    }
    return { pages: [{ lines }] };
  }

  return {
    async readText(source) {
      if (isPdf(source.bytes, source.contentType)) return readPdfText(source.bytes);
      return readImage(source.bytes);
    },
    async ready() {
      await start();
    },
    async close() {
      const started = worker;
      worker = undefined;
      if (started) await (await started.catch(() => undefined))?.terminate();
    },
  };
}

interface PdfItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** A PDF's text layer as lines: items on one baseline (within a third of their height) left to right. */
export async function readPdfText(bytes: Uint8Array): Promise<DocumentText> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise.catch((error: Error) => {
      throw new ImportFileError('importFileUnreadable', `The PDF could not be read (${error.message})`);
    });
    const pages: DocumentPage[] = [];
    let anyText = false;
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const width = x1 - x0;
      const height = y1 - y0;
      const content = await page.getTextContent();
      const words: DocumentWord[] = [];
      for (const raw of content.items) {
        if (!('str' in raw)) continue;
        const item = raw as PdfItem;
        if (item.str.trim() === '') continue;
        const size = item.height || Math.hypot(item.transform[2] ?? 0, item.transform[3] ?? 0) || 10;
        const left = (item.transform[4] ?? 0) - x0;
        const baseline = y1 - (item.transform[5] ?? 0);
        // Words of the item apart, the item's width shared out by characters.
        const perChar = item.width / Math.max(1, item.str.length);
        for (const match of item.str.matchAll(/\S+/g)) {
          words.push({
            text: match[0],
            left: (left + (match.index ?? 0) * perChar) / width,
            top: (baseline - size * 0.8) / height,
            width: (match[0].length * perChar) / width,
            height: size / height,
          });
        }
      }
      if (words.length > 0) anyText = true;
      pages.push({ lines: linesOf(words) });
    }
    if (!anyText) {
      throw new ImportFileError(
        'importFileUnreadable',
        'This PDF is a scan without text: upload a photo of its pages instead',
      );
    }
    return { pages };
  } finally {
    await task.destroy();
  }
}

function linesOf(words: DocumentWord[]): DocumentLine[] {
  const sorted = [...words].sort((a, b) => a.top + a.height - (b.top + b.height) || a.left - b.left);
  const groups: DocumentWord[][] = [];
  for (const word of sorted) {
    const group = groups.at(-1);
    const base = group?.[0];
    if (group && base && Math.abs(base.top + base.height - (word.top + word.height)) <= base.height / 3) {
      group.push(word);
    } else {
      groups.push([word]);
    }
  }
  return groups.map((group) => {
    const lineWords = group.sort((a, b) => a.left - b.left);
    const left = Math.min(...lineWords.map((w) => w.left));
    const top = Math.min(...lineWords.map((w) => w.top));
    const right = Math.max(...lineWords.map((w) => w.left + w.width));
    const bottom = Math.max(...lineWords.map((w) => w.top + w.height));
    return {
      text: lineWords.map((w) => w.text).join(' '),
      left,
      top,
      width: right - left,
      height: bottom - top,
      words: lineWords,
    };
  });
}
