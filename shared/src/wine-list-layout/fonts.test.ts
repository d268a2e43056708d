import { describe, expect, it } from 'vitest';
import { WINE_LIST_FONTS } from '../wine-lists';
import { readFontMetrics } from './font-metrics-source';
import { faceHas, printableText, textWidth } from './fonts';
import metrics from './metrics.json';
import type { FontFace } from './types';

const FACES: FontFace[] = WINE_LIST_FONTS.flatMap((family) => [
  { family, weight: 'regular', style: 'normal' } as const,
  { family, weight: 'regular', style: 'italic' } as const,
  { family, weight: 'bold', style: 'normal' } as const,
]);

describe('font metrics', () => {
  it('the committed metrics are what the font files say now (run scripts/font-metrics.ts after a font upgrade)', async () => {
    expect(metrics).toEqual(await readFontMetrics());
  }, 30_000);

  it('every face prints Norwegian and the usual accents', () => {
    for (const face of FACES) {
      for (const char of 'æøåÆØÅéüÉèàçñö€ \u00a0–’') {
        expect(
          faceHas(face, char.codePointAt(0) as number),
          `${face.family} ${face.weight} ${face.style} ${char}`,
        ).toBe(true);
      }
    }
  });
});

describe('printableText', () => {
  const face: FontFace = { family: 'garamond', weight: 'regular', style: 'normal' };

  it('keeps what the font has and replaces what it lacks', () => {
    expect(printableText('Blåbær Øl é', face)).toBe('Blåbær Øl é');
    expect(printableText('Château Ș', face)).toBe('Château S');
    expect(printableText('Łódź', face)).toBe('Lódz');
    expect(printableText('a\u202fb', face)).toBe('a\u00a0b');
    expect(printableText('漢', face)).toBe('?');
    expect(printableText('e\u0301', face)).toBe('é');
  });

  it('measures the printable text', () => {
    expect(textWidth('', face, 10)).toBe(0);
    expect(textWidth('AA', face, 10)).toBeCloseTo(2 * textWidth('A', face, 10));
    expect(textWidth('A', face, 20)).toBeCloseTo(2 * textWidth('A', face, 10));
    expect(textWidth('漢', face, 10)).toBe(textWidth('?', face, 10));
    const bold: FontFace = { family: 'garamond', weight: 'bold', style: 'normal' };
    expect(textWidth('Barolo', bold, 10)).toBeGreaterThan(0);
  });
});
