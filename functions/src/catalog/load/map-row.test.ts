import { describe, expect, it } from 'vitest';
import { fixtureRow, GOOD_ROWS } from './fixtures/catalog-rows';
import { CatalogRowError, categoryOf, mapCatalogRow, parseGrapes } from './map-row';

const now = new Date('2014-12-18T00:00:00Z');
const map = (changes: Parameters<typeof fixtureRow>[0] = {}) => mapCatalogRow(fixtureRow(changes), { now });

function rowError(changes: Parameters<typeof fixtureRow>[0]): CatalogRowError {
  try {
    map(changes);
  } catch (error) {
    if (error instanceof CatalogRowError) return error;
    throw error;
  }
  throw new Error('the row was accepted');
}

describe('mapCatalogRow', () => {
  it('maps every column of a good row', () => {
    expect(map()).toEqual({
      source: 'KORK',
      externalIds: [{ kind: 'VinmonopoletID', value: '4711' }],
      name: 'Petite Folie',
      producer: 'Domaine de la Folie',
      vintage: 2011,
      bottleSize: 0.75,
      mainCategoryId: 'red',
      style: 'Rødvin',
      country: 'Frankrike',
      region: 'Rhône Sør',
      subRegion: 'Côtes du Rhône',
      grapes: [
        { name: 'Grenache', share: 60 },
        { name: 'Syrah', share: 40 },
      ],
      alcohol: 13.5,
      sugar: 2.1,
      colour: 'Middels dyp rubinrød.',
      taste: 'Saftig og frisk med god lengde.',
      aroma: 'Preg av kirsebær, plomme og krydder.',
      foodPairings: ['Storfe', 'Lam og sau'],
      body: 7,
      freshness: 8,
      tannins: 6,
      packaging: 'Engangsflasker av glass',
      corkType: 'Naturkork',
      storingGrade: 'Drikkeklar nå, men kan også lagres',
      wholesaler: 'Vinimport AS',
      carrier: 'Vinlager AS',
      productSelection: 'Bestillingsutvalget',
      storeCategory: 'Uavhengig sortiment',
      vinmonopoletNumber: '4711',
      productUrl: 'http://www.vinmonopolet.no/vareutvalg/varedetaljer/sku-4711',
      priceMinor: 14990,
      priceCurrency: 'NOK',
      isAvailable: true,
      isHorecaAvailable: true,
    });
  });

  it('leaves out what the row does not have, and keeps arrays', () => {
    const wine = mapCatalogRow(GOOD_ROWS[2] ?? {}, { now });
    expect(wine).not.toHaveProperty('producer');
    expect(wine).not.toHaveProperty('body');
    expect(wine).not.toHaveProperty('subRegion');
    expect(wine).not.toHaveProperty('acid');
    expect(wine).not.toHaveProperty('corkType');
    expect(Object.values(wine)).not.toContain(undefined);
    expect(wine.foodPairings).toEqual([]);
    expect(wine.grapes).toEqual([{ name: 'Poteter' }, { name: 'krydder' }]);
    expect(wine.vintage).toBeNull();
  });

  it('matches headers without regard to case or a byte order mark, and trims values', () => {
    const row = Object.fromEntries(
      Object.entries(fixtureRow({ Varenavn: '  Petite Folie 2011 ', Land: ' Frankrike\t' })).map(
        ([column, value], i) => [i === 0 ? `\uFEFF${column}` : i % 2 ? column.toUpperCase() : column, value],
      ),
    );
    expect(mapCatalogRow(row, { now })).toEqual(map());
  });

  describe('name and vintage', () => {
    it('strips a trailing vintage that equals Argang', () => {
      expect(map({ Varenavn: 'Petite Folie 2011', Argang: '2011' }).name).toBe('Petite Folie');
      expect(map({ Varenavn: 'Petite Folie 2010', Argang: '2011' }).name).toBe('Petite Folie 2010');
      expect(map({ Varenavn: 'Siglo Saco Crianza 2008/2009', Argang: '2009' }).name).toBe(
        'Siglo Saco Crianza 2008/2009',
      );
      expect(map({ Varenavn: '2011', Argang: '2011' }).name).toBe('2011');
    });

    it('takes the vintage from the end of the name when Argang is empty, and drops it from the name', () => {
      expect(map({ Varenavn: 'Campo Viejo Crianza 2008', Argang: '' })).toMatchObject({
        name: 'Campo Viejo Crianza',
        vintage: 2008,
      });
      expect(
        map({ Varenavn: 'Dom. Fourrier Gevrey-Chambertin Clos St. Jacques 2006', Argang: 'Ukjent' }),
      ).toMatchObject({ name: 'Dom. Fourrier Gevrey-Chambertin Clos St. Jacques', vintage: 2006 });
      expect(map({ Varenavn: 'Tomatin Single Malt  1988', Argang: '' })).toMatchObject({
        name: 'Tomatin Single Malt',
        vintage: 1988,
      });
      // Next year's wine is already sold; later years are no vintage.
      expect(map({ Varenavn: 'Primeur 2015', Argang: '' })).toMatchObject({ name: 'Primeur', vintage: 2015 });
      expect(map({ Varenavn: 'Primeur 2016', Argang: '' })).toMatchObject({
        name: 'Primeur 2016',
        vintage: null,
      });
    });

    it('keeps founding years, cask numbers and lone years in the name, without a vintage', () => {
      for (const name of [
        'Kirow XO Anno 1900',
        'Oloroso Solera 1847',
        'Fuller`s 1845',
        'Bergens Aquavit 1818',
        'Angostura 1919',
        'Gammel Opland Single Cask Fat 3222',
        'Bodega Since 1998',
        'Siglo Saco Crianza 2008/2009',
        '2008',
      ]) {
        expect(map({ Varenavn: name, Argang: '' })).toMatchObject({ name, vintage: null });
      }
    });

    it('keeps a name year that differs from Argang, since Argang wins', () => {
      expect(map({ Varenavn: 'Petite Folie 2010', Argang: '2011' })).toMatchObject({
        name: 'Petite Folie 2010',
        vintage: 2011,
      });
    });

    it('reads an empty Argang as non-vintage', () => {
      expect(map({ Varenavn: 'Petite Folie', Argang: '' }).vintage).toBeNull();
      expect(map({ Varenavn: 'Petite Folie', Argang: 'Ukjent' }).vintage).toBeNull();
    });

    it('accepts years from 1800 to next year', () => {
      expect(map({ Argang: '1800' }).vintage).toBe(1800);
      expect(map({ Argang: '2015' }).vintage).toBe(2015);
    });

    it.each(['737', '0737', '3013', '1011', '1314', '1799', '2016', 'ny', '2011.0'])(
      'refuses Argang "%s"',
      (argang) => {
        const error = rowError({ Argang: argang });
        expect(error.message).toBe(`Argang "${argang}" is not a vintage year`);
        expect(error.column).toBe('Argang');
        expect(error.value).toBe(argang);
      },
    );
  });

  describe('product number, size and price', () => {
    it('requires a product number of digits', () => {
      expect(rowError({ Varenummer: '' }).message).toBe('Varenummer is missing');
      expect(rowError({ Varenummer: '12-34' }).message).toBe('Varenummer "12-34" is not a product number');
    });

    it('requires a name', () => {
      expect(rowError({ Varenavn: ' ' }).message).toBe('Varenavn is missing');
    });

    it('reads the bottle size in litres and refuses impossible ones', () => {
      expect(map({ Volum: '1,50' }).bottleSize).toBe(1.5);
      expect(map({ Volum: '0.375' }).bottleSize).toBe(0.375);
      expect(rowError({ Volum: '0' }).message).toBe('Volum "0" is not a bottle size in litres');
      expect(rowError({ Volum: '150' }).message).toBe('Volum "150" is not a bottle size in litres');
      expect(rowError({ Volum: '' }).message).toBe('Volum is missing');
      expect(rowError({ Volum: 'stor' }).message).toBe('Volum "stor" is not a number');
    });

    it('keeps the price in øre', () => {
      expect(map({ Pris: '399.90' }).priceMinor).toBe(39990);
      expect(map({ Pris: '13,50' }).priceMinor).toBe(1350);
      expect(map({ Pris: '1 299,90' }).priceMinor).toBe(129990);
      expect(map({ Pris: '0.29' }).priceMinor).toBe(29);
    });

    it('treats a missing or zero price as not for sale', () => {
      for (const pris of ['', '0', '0.00']) {
        const wine = map({ Pris: pris });
        expect(wine).not.toHaveProperty('priceMinor');
        expect(wine.isAvailable).toBe(false);
      }
      expect(rowError({ Pris: 'gratis' }).message).toBe('Pris "gratis" is not a number');
    });

    it('is available to restaurants when a wholesaler sells it', () => {
      expect(map({ Grossist: '' }).isHorecaAvailable).toBe(false);
      expect(map({ Grossist: 'Vinimport AS' }).isHorecaAvailable).toBe(true);
    });
  });

  describe('numbers and taste profile', () => {
    it('reads decimal points and commas, and "Ukjent" as unknown', () => {
      const wine = map({ Alkohol: '13,5', Sukker: 'Ukjent', Syre: '5,60' });
      expect(wine.alcohol).toBe(13.5);
      expect(wine.acid).toBe(5.6);
      expect(wine).not.toHaveProperty('sugar');
    });

    it('drops a taste profile of 0 and refuses one outside 1 to 12', () => {
      const wine = map({ Fylde: '0', Friskhet: '', Garvestoffer: '12', Bitterhet: '3', Sodme: '1' });
      expect(wine).not.toHaveProperty('body');
      expect(wine).not.toHaveProperty('freshness');
      expect([wine.tannins, wine.bitterness, wine.sweetness]).toEqual([12, 3, 1]);
      expect(rowError({ Fylde: '13' }).message).toBe('Fylde "13" is not a taste profile value (1 to 12)');
    });
  });

  describe('origin', () => {
    it('omits a sub-region that is unknown or repeats the region, and keeps "Øvrige"', () => {
      expect(map({ Distrikt: 'Burgund', Underdistrikt: 'Ukjent' })).not.toHaveProperty('subRegion');
      expect(map({ Distrikt: 'Burgund', Underdistrikt: '' })).not.toHaveProperty('subRegion');
      expect(map({ Distrikt: 'Burgund', Underdistrikt: 'burgund' })).not.toHaveProperty('subRegion');
      expect(map({ Distrikt: 'Rías Baixas', Underdistrikt: 'Rias Baixas' })).not.toHaveProperty('subRegion');
      expect(map({ Distrikt: 'Øvrige', Underdistrikt: 'ØVRIGE' })).not.toHaveProperty('subRegion');
      expect(map({ Distrikt: 'Burgund', Underdistrikt: 'Øvrige' }).subRegion).toBe('Øvrige');
      expect(map({ Distrikt: 'Øvrige', Underdistrikt: 'Øvrige' })).toMatchObject({ region: 'Øvrige' });
    });
  });

  describe('categories', () => {
    it.each([
      ['Rødvin', 'red'],
      ['Hvitvin', 'white'],
      ['Rosévin', 'rose'],
      ['Musserende Vin', 'sparkling'],
      ['Portvin', 'fortified'],
      ['Sherry', 'fortified'],
      ['Madeira', 'fortified'],
      ['Øvrig Sterkvin', 'fortified'],
      ['Aromatisert Sterkvin', 'fortified'],
      ['Fruktvin', 'fruit'],
      ['Musserende Fruktvin', 'fruit'],
      ['Vermut', 'aromatized'],
      ['Aromatisert Svakvin og annen blandet dri', 'aromatized'],
      ['Aromatisert Svakvin og annen blandet drikk', 'aromatized'],
      ['Øvrig Svakvin', 'aromatized'],
      ['Øl', 'beer'],
      ['Alkoholfritt', 'nonAlcoholic'],
      ['Akevitt', 'spirits'],
      ['Whisky', 'spirits'],
      ['Druebrennevin', 'spirits'],
      ['Vodka', 'spirits'],
      ['Likør', 'spirits'],
      ['Likør under 22 %', 'spirits'],
      ['Fruktbrennevin', 'spirits'],
      ['Rom', 'spirits'],
      ['Gin', 'spirits'],
      ['Øvrig Brennevin', 'spirits'],
      ['Øvrig Brennevin under 22 %', 'spirits'],
      ['Bitter', 'spirits'],
      ['Bitter under 22 %', 'spirits'],
      ['Genever', 'spirits'],
    ])('maps %s to %s', (varetype, category) => {
      // A low strength and no sugar: the category comes from the type alone.
      expect(map({ Varetype: varetype, Alkohol: '15.00', Sukker: '' }).mainCategoryId).toBe(category);
    });

    it('makes a sweet still red or white wine a dessert wine', () => {
      expect(map({ Varetype: 'Hvitvin', Sukker: '45.00' }).mainCategoryId).toBe('dessert');
      expect(map({ Varetype: 'Hvitvin', Sukker: '130,5' }).mainCategoryId).toBe('dessert');
      expect(map({ Varetype: 'Rødvin', Sukker: '60' }).mainCategoryId).toBe('dessert');
      expect(map({ Varetype: 'Hvitvin', Sukker: '44.90' }).mainCategoryId).toBe('white');
      expect(map({ Varetype: 'Hvitvin', Sukker: 'Ukjent' }).mainCategoryId).toBe('white');
      expect(map({ Varetype: 'Rosévin', Sukker: '60' }).mainCategoryId).toBe('rose');
      expect(map({ Varetype: 'Musserende Vin', Sukker: '50' }).mainCategoryId).toBe('sparkling');
      expect(map({ Varetype: 'Portvin', Sukker: '100' }).mainCategoryId).toBe('fortified');
    });

    it('places an unknown type by its strength', () => {
      expect(map({ Varetype: 'Sake', Alkohol: '15' }).mainCategoryId).toBe('aromatized');
      expect(map({ Varetype: 'Mezcal joven', Alkohol: '40' }).mainCategoryId).toBe('spirits');
      expect(map({ Varetype: 'Noe nytt', Alkohol: '22' }).mainCategoryId).toBe('spirits');
      expect(map({ Varetype: '', Alkohol: '' }).mainCategoryId).toBe('aromatized');
      expect(categoryOf(undefined)).toBe('aromatized');
    });

    it('keeps the type as the style', () => {
      expect(map({ Varetype: ' Likør under 22 % ' }).style).toBe('Likør under 22 %');
    });
  });
});

describe('parseGrapes', () => {
  it.each([
    [
      'Cabernet Sauvignon 53%, Merlot 47%',
      [
        { name: 'Cabernet Sauvignon', share: 53 },
        { name: 'Merlot', share: 47 },
      ],
    ],
    [
      '90% Ugni Blanc, 10% Colombard',
      [
        { name: 'Ugni Blanc', share: 90 },
        { name: 'Colombard', share: 10 },
      ],
    ],
    [
      'Chardonnay 30%, Pinot Meunier, Pinot Noir',
      [{ name: 'Chardonnay', share: 30 }, { name: 'Pinot Meunier' }, { name: 'Pinot Noir' }],
    ],
    ['Riesling', [{ name: 'Riesling' }]],
    ['100 % Sukkerrør', [{ name: 'Sukkerrør', share: 100 }]],
    [
      'Ugni Blanc, Folle Blanc og Colombard',
      [{ name: 'Ugni Blanc' }, { name: 'Folle Blanc' }, { name: 'Colombard' }],
    ],
    [
      '95 % Eple og 5%Bringebær',
      [
        { name: 'Eple', share: 95 },
        { name: 'Bringebær', share: 5 },
      ],
    ],
    [
      'Aromaepler (80%), Stevnsbær-kirsebær (12,5%), Moskva Aronia (7,5%)',
      [
        { name: 'Aromaepler', share: 80 },
        { name: 'Stevnsbær-kirsebær', share: 12.5 },
        { name: 'Moskva Aronia', share: 7.5 },
      ],
    ],
    [
      'Palomino 92%, Muscat (Moscatel, Moscato) 3%, Pedro Ximénez 5%',
      [
        { name: 'Palomino', share: 92 },
        { name: 'Muscat (Moscatel, Moscato)', share: 3 },
        { name: 'Pedro Ximénez', share: 5 },
      ],
    ],
    ['Maltet bygg, gjær og vann.', [{ name: 'Maltet bygg' }, { name: 'gjær' }, { name: 'vann' }]],
    [
      'Humle (Simcoe & Warrior), gjær & malt',
      [{ name: 'Humle (Simcoe & Warrior)' }, { name: 'gjær' }, { name: 'malt' }],
    ],
    ['Merlot,, Ukjent, ', [{ name: 'Merlot' }]],
    ['Ukjent', []],
    ['', []],
  ])('reads "%s"', (rastoff, grapes) => {
    expect(parseGrapes(rastoff)).toEqual(grapes);
  });
});
