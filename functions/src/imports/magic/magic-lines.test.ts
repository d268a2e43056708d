import { afterEach, describe, expect, it } from 'vitest';
import { useModel } from '../../adapters/model';
import { magicLines } from './magic-lines';
import { NORWEGIAN_EMAIL, OCR_RECEIPT } from './rule-extractor.fixtures';
import { rulesModel } from './rules-model';

afterEach(() => useModel(undefined));

describe('magicLines', () => {
  it('answers the model’s wines as read lines with where they are in the text', async () => {
    useModel(rulesModel);
    const { lines, unread } = await magicLines(NORWEGIAN_EMAIL, 'nb');
    expect(lines.map((line) => line.at)).toEqual([{ line: 5 }, { line: 6 }, { line: 7 }, { line: 8 }]);
    expect(lines[0]).toMatchObject({
      raw: '1. Domaine Tissot - Arbois Chardonnay 2020, 6 x 75 cl, kr 289,90',
      parsed: { wineName: 'Arbois Chardonnay', producer: 'Domaine Tissot' },
      issues: [],
    });
    expect(unread).toEqual([]);
    const ocr = await magicLines(OCR_RECEIPT, 'nb');
    expect(ocr.unread).toEqual(['B@r0l0 ~~ 2O1G  #!!  45O,-']);
    expect(ocr.lines.map((line) => line.at.line)).toEqual([3, 5]);
  });

  it('marks a line with only a name as partly read, and one without a name as unread', async () => {
    useModel({
      async extractWines() {
        return {
          lines: [
            { raw: 'Barolo', parsed: { wineName: 'Barolo' } },
            { raw: 'Chablis 2020', parsed: { wineName: 'Chablis', vintage: 2020 } },
            { raw: '2019 kr 200', parsed: { wineName: ' ' } },
          ],
          unread: ['??'],
        };
      },
    });
    const { lines, unread } = await magicLines('Barolo\nsomething\nChablis 2020\n2019 kr 200', 'en');
    expect(lines).toEqual([
      { at: { line: 1 }, raw: 'Barolo', parsed: { wineName: 'Barolo' }, issues: ['partlyRead'] },
      { at: { line: 3 }, raw: 'Chablis 2020', parsed: { wineName: 'Chablis', vintage: 2020 }, issues: [] },
    ]);
    expect(unread).toEqual(['??', '2019 kr 200']);
  });
});
