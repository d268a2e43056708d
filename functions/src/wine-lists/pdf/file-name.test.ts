import { describe, expect, it } from 'vitest';
import { attachmentDisposition, copyFileNames, pdfFileName, readableFileName } from './file-name';

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

describe('copyFileNames', () => {
  it('names the guest and the staff copy apart, in the request’s language', () => {
    expect(copyFileNames('Vin på glass', 'guest', 'nb')).toEqual({
      ascii: 'vin-pa-glass-gjest.pdf',
      utf8: 'Vin på glass (gjest).pdf',
    });
    expect(copyFileNames('Vin på glass', 'staff', 'nb')).toEqual({
      ascii: 'vin-pa-glass-personale.pdf',
      utf8: 'Vin på glass (personale).pdf',
    });
    expect(copyFileNames('Autumn list', 'guest', 'en').ascii).toBe('autumn-list-guest.pdf');
    expect(copyFileNames('Autumn list', 'staff', 'en').ascii).toBe('autumn-list-staff.pdf');
  });

  it('keeps characters file systems refuse out of the readable name', () => {
    expect(copyFileNames('Rød/hvit: "beste"?', 'staff', 'en').utf8).toBe('Rød hvit beste (staff).pdf');
    expect(copyFileNames('葡萄酒', 'guest', 'en')).toEqual({
      ascii: 'wine-list-guest.pdf',
      utf8: '葡萄酒 (guest).pdf',
    });
    expect(copyFileNames('\u0007', 'guest', 'en').utf8).toBe('wine-list (guest).pdf');
  });
});

describe('readableFileName', () => {
  it('drops lone surrogates and keeps whole characters when it shortens', () => {
    expect(readableFileName('Vin \ud83c')).toBe('Vin');
    const long = readableFileName('🍷'.repeat(200));
    expect(Array.from(long)).toHaveLength(120);
    expect(() => encodeURIComponent(long)).not.toThrow();
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII name and the UTF-8 name percent-encoded (RFC 8187)', () => {
    expect(attachmentDisposition('vin-pa-glass-gjest.pdf', 'Vin på glass (gjest).pdf')).toBe(
      'attachment; filename="vin-pa-glass-gjest.pdf"; filename*=UTF-8\'\'Vin%20p%C3%A5%20glass%20%28gjest%29.pdf',
    );
    expect(attachmentDisposition('a.pdf', "it's*.pdf")).toContain("filename*=UTF-8''it%27s%2A.pdf");
  });
});
