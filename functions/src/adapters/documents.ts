/**
 * The document port: text with positions out of a photo, a scan or a PDF. In the cloud Textract reads
 * it (AnalyzeExpense for invoices, AnalyzeDocument for other documents); the local runner installs an
 * adapter over tesseract.js (images) and pdfjs-dist (PDFs).
 */
import {
  AnalyzeDocumentCommand,
  AnalyzeExpenseCommand,
  type Block,
  type ExpenseDocument,
  GetDocumentAnalysisCommand,
  GetExpenseAnalysisCommand,
  StartDocumentAnalysisCommand,
  StartExpenseAnalysisCommand,
  TextractClient,
} from '@aws-sdk/client-textract';
import { ImportFileError } from './file-error';

export interface DocumentWord {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One line of text on a page; positions are fractions of the page (0–1), from its top left corner. */
export interface DocumentLine {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** The words of the line with their own boxes, when the reader gives them. */
  words?: DocumentWord[];
}

export interface DocumentPage {
  lines: DocumentLine[];
}

/**
 * A line item as an expense reader (Textract AnalyzeExpense) understood it, each field the text it read.
 * Readers of invoices use these before the page lines when they are there.
 */
export interface ExpenseItem {
  productCode?: string;
  description?: string;
  quantity?: string;
  unitPrice?: string;
  /** The line's total. */
  price?: string;
  /** The row as printed, when the reader gives it. */
  row?: string;
  /** 1-based page the item is on. */
  page?: number;
}

export interface DocumentText {
  pages: DocumentPage[];
  expenseItems?: ExpenseItem[];
}

export interface DocumentSource {
  /** Where the file is in the imports bucket (Textract reads it from there). */
  bucket: string;
  key: string;
  /** The file's bytes (the local adapter reads these). */
  bytes: Uint8Array;
  contentType: string;
}

export interface DocumentPort {
  /** `invoice`: an invoice or receipt (AnalyzeExpense); `document`: any other page (AnalyzeDocument). */
  readText(source: DocumentSource, purpose: 'invoice' | 'document'): Promise<DocumentText>;
}

// — Textract —

/** Textract's answers as pages of lines with their words (LINE blocks and their WORD children). */
export function blocksToPages(blocks: readonly Block[]): DocumentPage[] {
  const byId = new Map<string, Block>();
  for (const block of blocks) if (block.Id) byId.set(block.Id, block);
  const pages: DocumentPage[] = [];
  for (const block of blocks) {
    if (block.BlockType !== 'LINE') continue;
    const page = Math.max(1, block.Page ?? 1);
    while (pages.length < page) pages.push({ lines: [] });
    const words = (block.Relationships ?? [])
      .filter((r) => r.Type === 'CHILD')
      .flatMap((r) => r.Ids ?? [])
      .map((id) => byId.get(id))
      .filter((b): b is Block => b?.BlockType === 'WORD')
      .map((b) => ({ text: b.Text ?? '', ...boxOf(b) }))
      .filter((w) => w.text !== '');
    (pages[page - 1] as DocumentPage).lines.push({
      text: block.Text ?? words.map((w) => w.text).join(' '),
      ...boxOf(block),
      ...(words.length > 0 ? { words } : {}),
    });
  }
  for (const page of pages) page.lines.sort((a, b) => a.top - b.top || a.left - b.left);
  return pages;
}

function boxOf(block: Block): { left: number; top: number; width: number; height: number } {
  const box = block.Geometry?.BoundingBox;
  return { left: box?.Left ?? 0, top: box?.Top ?? 0, width: box?.Width ?? 0, height: box?.Height ?? 0 };
}

const EXPENSE_FIELDS: Record<string, keyof ExpenseItem> = {
  PRODUCT_CODE: 'productCode',
  ITEM: 'description',
  QUANTITY: 'quantity',
  UNIT_PRICE: 'unitPrice',
  PRICE: 'price',
  EXPENSE_ROW: 'row',
};

/** AnalyzeExpense's line items, each field as the text it read. */
export function expenseItemsOf(documents: readonly ExpenseDocument[]): ExpenseItem[] {
  const items: ExpenseItem[] = [];
  for (const document of documents) {
    for (const group of document.LineItemGroups ?? []) {
      for (const lineItem of group.LineItems ?? []) {
        const item: ExpenseItem = {};
        for (const field of lineItem.LineItemExpenseFields ?? []) {
          const key = EXPENSE_FIELDS[field.Type?.Text ?? ''];
          const text = field.ValueDetection?.Text?.trim();
          if (!key || key === 'page' || !text || item[key] !== undefined) continue;
          item[key] = text;
          if (field.PageNumber && item.page === undefined) item.page = field.PageNumber;
        }
        if (Object.keys(item).length > 0) items.push(item);
      }
    }
  }
  return items;
}

/** Textract answers these for a file it cannot read: the job fails with a message, not a 500. */
const UNREADABLE = new Set([
  'BadDocumentException',
  'UnsupportedDocumentException',
  'DocumentTooLargeException',
  'InvalidS3ObjectException',
]);

function unreadable(error: unknown): never {
  const name = (error as { name?: string })?.name ?? '';
  if (UNREADABLE.has(name)) throw new ImportFileError('importFileUnreadable', name);
  throw error;
}

export interface TextractOptions {
  client?: TextractClient;
  /** Between polls of a multi-page analysis. */
  pollMs?: number;
  /** Longest wait for a multi-page analysis (the step's own time limit is 300 s). */
  maxWaitMs?: number;
}

/**
 * Textract: images and one-page files through the synchronous calls; PDFs through the asynchronous ones
 * (they read every page), polled until done.
 */
export function textractDocuments(options: TextractOptions = {}): DocumentPort {
  let client = options.client;
  const pollMs = options.pollMs ?? 1500;
  const maxWaitMs = options.maxWaitMs ?? 240_000;
  const textract = () => {
    client ??= new TextractClient({});
    return client;
  };

  async function poll<T extends { JobStatus?: string; NextToken?: string; StatusMessage?: string }>(
    get: (nextToken?: string) => Promise<T>,
  ): Promise<T[]> {
    const started = Date.now();
    let first = await get();
    while (first.JobStatus === 'IN_PROGRESS') {
      if (Date.now() - started > maxWaitMs) throw new Error('Textract: the analysis took too long');
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      first = await get();
    }
    if (first.JobStatus !== 'SUCCEEDED' && first.JobStatus !== 'PARTIAL_SUCCESS') {
      throw new ImportFileError('importFileUnreadable', first.StatusMessage ?? first.JobStatus);
    }
    const answers = [first];
    let next = first.NextToken;
    while (next) {
      const page = await get(next);
      answers.push(page);
      next = page.NextToken;
    }
    return answers;
  }

  return {
    async readText(source, purpose) {
      const s3 = { Bucket: source.bucket, Name: source.key };
      const pdf = source.contentType === 'application/pdf';
      try {
        if (purpose === 'invoice') {
          let expenses: ExpenseDocument[];
          if (pdf) {
            const { JobId } = await textract().send(
              new StartExpenseAnalysisCommand({ DocumentLocation: { S3Object: s3 } }),
            );
            const answers = await poll((NextToken) =>
              textract().send(new GetExpenseAnalysisCommand({ JobId, NextToken })),
            );
            expenses = answers.flatMap((a) => a.ExpenseDocuments ?? []);
          } else {
            const answer = await textract().send(new AnalyzeExpenseCommand({ Document: { S3Object: s3 } }));
            expenses = answer.ExpenseDocuments ?? [];
          }
          const items = expenseItemsOf(expenses);
          return {
            pages: blocksToPages(expenses.flatMap((e) => e.Blocks ?? [])),
            ...(items.length > 0 ? { expenseItems: items } : {}),
          };
        }
        let blocks: Block[];
        if (pdf) {
          const { JobId } = await textract().send(
            new StartDocumentAnalysisCommand({
              DocumentLocation: { S3Object: s3 },
              FeatureTypes: ['TABLES'],
            }),
          );
          const answers = await poll((NextToken) =>
            textract().send(new GetDocumentAnalysisCommand({ JobId, NextToken })),
          );
          blocks = answers.flatMap((a) => a.Blocks ?? []);
        } else {
          const answer = await textract().send(
            new AnalyzeDocumentCommand({ Document: { S3Object: s3 }, FeatureTypes: ['TABLES'] }),
          );
          blocks = answer.Blocks ?? [];
        }
        return { pages: blocksToPages(blocks) };
      } catch (error) {
        return unreadable(error);
      }
    },
  };
}

let installed: DocumentPort | undefined;
let textractPort: DocumentPort | undefined;

/** Replaces the Textract adapter (the local runner's OCR, or a test's fake). */
export function useDocuments(port: DocumentPort | undefined): void {
  installed = port;
}

export function documents(): DocumentPort {
  if (installed) return installed;
  textractPort ??= textractDocuments();
  return textractPort;
}
