import {
  AnalyzeDocumentCommand,
  AnalyzeExpenseCommand,
  type Block,
  GetDocumentAnalysisCommand,
  StartDocumentAnalysisCommand,
  TextractClient,
} from '@aws-sdk/client-textract';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { invoiceLines } from '../imports/documents/invoice-lines';
import { ImportFileError } from '../imports/read/read-line';
import { textractDocuments } from './documents';

const textract = mockClient(TextractClient);
afterEach(() => textract.reset());

const source = {
  bucket: 'kork-imports',
  key: 'uploads/u1/i1',
  bytes: new Uint8Array(),
  contentType: 'image/jpeg',
};

/** A LINE block with its WORD children, as Textract answers them (geometry as page fractions). */
function line(id: string, text: string, left: number, top: number, page?: number): Block[] {
  const words = text.split(' ');
  let x = left;
  const wordBlocks: Block[] = words.map((word, i) => {
    const block: Block = {
      BlockType: 'WORD',
      Id: `${id}-w${i}`,
      Text: word,
      Confidence: 99.1,
      TextType: 'PRINTED',
      Geometry: { BoundingBox: { Left: x, Top: top, Width: word.length * 0.01, Height: 0.012 } },
      ...(page ? { Page: page } : {}),
    };
    x += (word.length + 1) * 0.01;
    return block;
  });
  return [
    {
      BlockType: 'LINE',
      Id: id,
      Text: text,
      Confidence: 99.3,
      Geometry: { BoundingBox: { Left: left, Top: top, Width: text.length * 0.01, Height: 0.012 } },
      Relationships: [{ Type: 'CHILD', Ids: wordBlocks.map((w) => w.Id as string) }],
      ...(page ? { Page: page } : {}),
    },
    ...wordBlocks,
  ];
}

const field = (type: string, text: string, page = 1) => ({
  Type: { Text: type, Confidence: 99 },
  ValueDetection: { Text: text, Confidence: 98 },
  PageNumber: page,
});

describe('the Textract adapter', () => {
  it('reads an invoice with AnalyzeExpense: lines with their words, and the line items', async () => {
    textract.on(AnalyzeExpenseCommand).resolves({
      DocumentMetadata: { Pages: 1 },
      ExpenseDocuments: [
        {
          ExpenseIndex: 1,
          SummaryFields: [field('TOTAL', '699,80')],
          LineItemGroups: [
            {
              LineItemGroupIndex: 1,
              LineItems: [
                {
                  LineItemExpenseFields: [
                    field('ITEM', 'Barolo 2019 75 cl'),
                    field('PRODUCT_CODE', '1234567'),
                    field('QUANTITY', '2'),
                    field('UNIT_PRICE', '349,90'),
                    field('PRICE', '699,80'),
                    field('EXPENSE_ROW', '1234567 Barolo 2019 75 cl 2 349,90 699,80'),
                  ],
                },
              ],
            },
          ],
          Blocks: [
            { BlockType: 'PAGE', Id: 'p1', Page: 1 },
            ...line('l2', '1234567 Barolo 2019 75 cl 2 349,90 699,80', 0.05, 0.3, 1),
            ...line('l1', 'Vinmonopolet', 0.05, 0.05, 1),
          ],
        },
      ],
    });
    const text = await textractDocuments({ client: new TextractClient({}) }).readText(source, 'invoice');
    expect(textract.commandCalls(AnalyzeExpenseCommand)[0]?.args[0].input).toEqual({
      Document: { S3Object: { Bucket: 'kork-imports', Name: 'uploads/u1/i1' } },
    });
    expect(text.pages).toHaveLength(1);
    expect(text.pages[0]?.lines.map((l) => l.text)).toEqual([
      'Vinmonopolet',
      '1234567 Barolo 2019 75 cl 2 349,90 699,80',
    ]);
    expect(text.pages[0]?.lines[1]).toMatchObject({ left: 0.05, top: 0.3, height: 0.012 });
    expect(text.pages[0]?.lines[1]?.words?.map((w) => w.text)).toEqual([
      '1234567',
      'Barolo',
      '2019',
      '75',
      'cl',
      '2',
      '349,90',
      '699,80',
    ]);
    expect(text.expenseItems).toEqual([
      {
        description: 'Barolo 2019 75 cl',
        productCode: '1234567',
        quantity: '2',
        unitPrice: '349,90',
        price: '699,80',
        row: '1234567 Barolo 2019 75 cl 2 349,90 699,80',
        page: 1,
      },
    ]);
    expect(invoiceLines(text).map((l) => l.parsed)).toEqual([
      {
        wineName: 'Barolo',
        vinmonopoletNumber: '1234567',
        vintage: 2019,
        bottleSize: 0.75,
        quantity: 2,
        purchasePriceWvat: 34990,
      },
    ]);
  });

  it('reads a photo with AnalyzeDocument, and a PDF through an analysis job, page by page', async () => {
    textract
      .on(AnalyzeDocumentCommand)
      .resolves({ Blocks: line('a', 'Varenr Varenavn Antall Pris', 0.1, 0.2) });
    const photo = await textractDocuments({ client: new TextractClient({}) }).readText(source, 'document');
    expect(photo.pages[0]?.lines[0]?.text).toBe('Varenr Varenavn Antall Pris');
    expect(photo.expenseItems).toBeUndefined();

    textract.on(StartDocumentAnalysisCommand).resolves({ JobId: 'job-1' });
    textract
      .on(GetDocumentAnalysisCommand)
      .resolvesOnce({ JobStatus: 'IN_PROGRESS' })
      .resolvesOnce({ JobStatus: 'SUCCEEDED', Blocks: line('b', 'Side 1', 0.1, 0.9, 1), NextToken: 't2' })
      .resolvesOnce({ JobStatus: 'SUCCEEDED', Blocks: line('c', 'Side 2', 0.1, 0.9, 2) });
    const pdf = await textractDocuments({ client: new TextractClient({}), pollMs: 1 }).readText(
      { ...source, contentType: 'application/pdf' },
      'document',
    );
    expect(textract.commandCalls(StartDocumentAnalysisCommand)[0]?.args[0].input).toEqual({
      DocumentLocation: { S3Object: { Bucket: 'kork-imports', Name: 'uploads/u1/i1' } },
      FeatureTypes: ['TABLES'],
    });
    expect(textract.commandCalls(GetDocumentAnalysisCommand).map((c) => c.args[0].input.NextToken)).toEqual([
      undefined,
      undefined,
      't2',
    ]);
    expect(pdf.pages.map((p) => p.lines.map((l) => l.text))).toEqual([['Side 1'], ['Side 2']]);
  });

  it('answers a file Textract cannot read as an import file error, not a crash', async () => {
    const error = Object.assign(new Error('Request has unsupported document format'), {
      name: 'UnsupportedDocumentException',
    });
    textract.on(AnalyzeExpenseCommand).rejects(error);
    const reading = textractDocuments({ client: new TextractClient({}) }).readText(source, 'invoice');
    await expect(reading).rejects.toBeInstanceOf(ImportFileError);
    await expect(reading).rejects.toMatchObject({ code: 'importFileUnreadable' });

    textract.on(StartDocumentAnalysisCommand).resolves({ JobId: 'job-2' });
    textract
      .on(GetDocumentAnalysisCommand)
      .resolves({ JobStatus: 'FAILED', StatusMessage: 'Unable to read' });
    await expect(
      textractDocuments({ client: new TextractClient({}) }).readText(
        { ...source, contentType: 'application/pdf' },
        'document',
      ),
    ).rejects.toMatchObject({ code: 'importFileUnreadable', detail: 'Unable to read' });
  });
});
