import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWords, nameWords, wineDisplayName } from './wine-names';

const show = (producerName: string, wineName: string) => wineDisplayName({ producerName, wineName });

describe('a wine display name', () => {
  it('leaves out a producer the catalogue name already starts with', () => {
    expect(show('Luigi Pira', 'Pira Barolo Marenca')).toBe('Pira Barolo Marenca');
    expect(show('Paolo Scavino', 'Scavino Langhe Bianco')).toBe('Scavino Langhe Bianco');
    expect(show('Cast. di Uzzano', 'Uzzano Chianti Classico Riserva')).toBe(
      'Uzzano Chianti Classico Riserva',
    );
    expect(show('Weing. Schloss Gobelsburg', 'Gobelsburg Cistercien Rosé')).toBe(
      'Gobelsburg Cistercien Rosé',
    );
  });

  it('leaves out a producer whose family name the wine name holds, accents and case aside', () => {
    expect(show('Agnès et Didier Dauvissat', 'AD Dauvissat Chablis')).toBe('AD Dauvissat Chablis');
    expect(show('Ch. de Pibarnon', 'Le Restanques de Pibarnon')).toBe('Le Restanques de Pibarnon');
    expect(show('March. di Barolo', 'Marchesi di Barolo Barbera Monferrato')).toBe(
      'Marchesi di Barolo Barbera Monferrato',
    );
    expect(show('Maison Louis Latour', 'Louis Latour Pinot Noir')).toBe('Louis Latour Pinot Noir');
    expect(show('Dom. Vouette et Sorbée', 'Vouette & Sorbee Cuvée Fidele Extra Brut')).toBe(
      'Vouette & Sorbee Cuvée Fidele Extra Brut',
    );
    expect(show('KRUG', 'krug grande cuvée')).toBe('krug grande cuvée');
  });

  it('puts the producer in front when the name does not say who made it', () => {
    expect(show('Vietti', 'Barolo Castiglione')).toBe('Vietti Barolo Castiglione');
    // "am Stein" is the producer, a Stein in the name is the vineyard.
    expect(show('Weing. am Stein', 'Würzburger Stein Silvaner Trocken')).toBe(
      'Weing. am Stein Würzburger Stein Silvaner Trocken',
    );
    // A company form or a kinship word is not a family name.
    expect(show('Bouchard Père & Fils', 'Fils de Beaune')).toBe('Bouchard Père & Fils Fils de Beaune');
    expect(show('Arcus AS', 'AS Akevitt')).toBe('Arcus AS AS Akevitt');
  });

  it('is the name alone without a producer, and adds the vintage when given', () => {
    expect(wineDisplayName({ wineName: 'Løiten Linie' })).toBe('Løiten Linie');
    expect(wineDisplayName({ wineName: 'Barolo', producerName: '  ' })).toBe('Barolo');
    expect(wineDisplayName({ wineName: 'Barolo', producerName: 'Vietti', vintage: 2016 })).toBe(
      'Vietti Barolo 2016',
    );
    expect(wineDisplayName({ wineName: 'Krug Grande Cuvée', producerName: 'Krug', vintage: null })).toBe(
      'Krug Grande Cuvée NV',
    );
  });

  const word = fc.oneof(
    fc.constantFrom('Pira', 'pirá', 'de', 'di', 'AS', 'Fils', 'Dom.', 'Barolo', 'Ø', 'x', 'Château', '&'),
    fc.string({ minLength: 1, maxLength: 6 }),
  );
  const words = fc.array(word, { minLength: 0, maxLength: 5 }).map((w) => w.join(' '));

  it('never shows the producer twice and never loses a word of the wine name', () => {
    fc.assert(
      fc.property(words, words, (producerName, wineName) => {
        const display = wineDisplayName({ producerName, wineName });
        expect(display.endsWith(wineName.trim())).toBe(true);
        const producer = nameWords(producerName);
        if (producer.length > 0) {
          const inName = countWords(nameWords(wineName), producer);
          expect(countWords(nameWords(display), producer)).toBeLessThanOrEqual(Math.max(1, inName));
        }
      }),
      { numRuns: 2000 },
    );
  });
});
