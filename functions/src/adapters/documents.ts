/**
 * The document port: text with positions out of a photo, a scan or a PDF. In the cloud Textract reads
 * it (AnalyzeExpense for invoices, AnalyzeDocument for other documents); the local runner installs an
 * adapter over tesseract.js (images) and pdfjs-dist (PDFs).
 */

/** One line of text on a page; positions are fractions of the page (0–1), from its top left corner. */
export interface DocumentLine {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** The words of the line with their own boxes, when the reader gives them. */
  words?: { text: string; left: number; top: number; width: number; height: number }[];
}

export interface DocumentPage {
  lines: DocumentLine[];
}

export interface DocumentText {
  pages: DocumentPage[];
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

let installed: DocumentPort | undefined;

/** Replaces the Textract adapter (the local runner's OCR, or a test's fake). */
export function useDocuments(port: DocumentPort | undefined): void {
  installed = port;
}

export function documents(): DocumentPort {
  if (installed) return installed;
  throw new Error('documents: the Textract adapter is not written yet');
}
