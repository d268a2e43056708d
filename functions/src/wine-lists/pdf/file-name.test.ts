import { describe, expect, it } from 'vitest';
import { pdfFileName } from './file-name';

describe('pdfFileName', () => {
  it('makes a plain ASCII slug of the list’s name', () => {
    expect(pdfFileName('Vin på glass')).toBe('vin-pa-glass.pdf');
    expect(pdfFileName('Dessertviner')).toBe('dessertviner.pdf');
    expect(pdfFileName('Rødvin & Blåbær — høst 2026!')).toBe('rodvin-blabaer-host-2026.pdf');
    expect(pdfFileName('Crème brûlée "spesial"')).toBe('creme-brulee-spesial.pdf');
  });

  it('falls back to a name of its own when nothing is left', () => {
    expect(pdfFileName('—')).toBe('wine-list.pdf');
    expect(pdfFileName('葡萄酒')).toBe('wine-list.pdf');
  });

  it('keeps long names short', () => {
    expect(pdfFileName('a '.repeat(100)).length).toBeLessThanOrEqual(84);
  });
});
