import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  alcoholGroup,
  type BottleDuties,
  bottleDuties,
  containerFromPackaging,
  costBreakdown,
  type DutiesResult,
  DutyRatesFile,
  datedRateRows,
  ratesOn,
  withDuties,
  withoutDuties,
} from './duties';

const file = DutyRatesFile.parse(
  JSON.parse(readFileSync(new URL('../../functions/src/duties/duty-rates.json', import.meta.url), 'utf8')),
);
const rows = datedRateRows(file);

function duties(result: DutiesResult): BottleDuties {
  if (!result.ok) throw new Error(`missing ${result.missing}`);
  return result.duties;
}

describe('alcohol groups', () => {
  it('puts 4.7 % in the highest per-litre step and 4.8 % in the wine group', () => {
    expect(alcoholGroup(4.7, false)).toBe('upTo4_7');
    expect(alcoholGroup(4.71, false)).toBe('upTo22');
  });
  it('keeps 22 % with wine and takes 22.1 % at the spirits rate', () => {
    expect(alcoholGroup(22, false)).toBe('upTo22');
    expect(alcoholGroup(22.1, false)).toBe('spirits');
  });
  it('charges nothing up to 0.7 % and the spirits rate for a spirit-based drink of any strength', () => {
    expect(alcoholGroup(0.7, false)).toBeUndefined();
    expect(alcoholGroup(0.5, true)).toBeUndefined();
    expect(alcoholGroup(15, true)).toBe('spirits');
    expect(alcoholGroup(2.5, false)).toBe('upTo2_7');
    expect(alcoholGroup(3.5, false)).toBe('upTo3_7');
  });
});

describe('duties on a bottle', () => {
  it('a 0.75 l red at 13 % on a 2025 date: 13 × 0.75 × 5.29 = 51.58 kr excise, glass 6.71 + 1.38', () => {
    const d = duties(
      bottleDuties(
        { bottleSize: 0.75, alcohol: 13, category: 'red', container: 'glass', date: '2025-06-01' },
        rows,
      ),
    );
    expect(d.excise).toBe(5158); // 51.5775 kr rounded to the øre
    expect(d.packagingTax).toBe(671 + 138);
    expect(d.deposit).toBe(0);
    expect(d.group).toBe('upTo22');
    expect(d.ratesAsOf).toBe('2025-01-01');
    // The packaging rates used are 2024's, carried into 2025: the figure says so.
    expect(d.stale).toBe(true);
  });

  it('a 0.7 l spirit at 40 %: 40 × 0.7 × 8.77 = 245.56 kr in 2024, 252.84 kr in 2025', () => {
    const on = (date: string) =>
      duties(
        bottleDuties({ bottleSize: 0.7, alcohol: 40, category: 'spirits', container: 'glass', date }, rows),
      );
    expect(on('2024-12-31').excise).toBe(24556);
    expect(on('2025-01-01').excise).toBe(25284);
    expect(on('2024-12-31').stale).toBe(false);
  });

  it('a beer at 4.7 % and one at 4.8 % on either side of the per-litre step, in 2024', () => {
    const beer = (alcohol: number) =>
      duties(
        bottleDuties(
          { bottleSize: 0.5, alcohol, category: 'beer', container: 'metalDeposit', date: '2024-05-01' },
          rows,
        ),
      );
    expect(beer(4.7).excise).toBe(1150); // 0.5 l × 22.99 kr = 11.495 → 11.50
    expect(beer(4.8).excise).toBe(1234); // 4.8 × 0.5 × 5.14 = 12.336 → 12.34
    // A can in the deposit system: 2 kr deposit up to 0.5 l, the basic tax, no environmental tax.
    expect(beer(4.7).deposit).toBe(200);
    expect(beer(4.7).packagingTax).toBe(138);
  });

  it('uses the rates of the date across a change of year', () => {
    const wine = (date: string) =>
      duties(
        bottleDuties({ bottleSize: 0.75, alcohol: 12, category: 'white', container: 'glass', date }, rows),
      );
    expect(wine('2023-12-31').excise).toBe(4455); // 12 × 0.75 × 4.95
    expect(wine('2024-01-01').excise).toBe(4626); // 12 × 0.75 × 5.14
    expect(wine('2023-12-31').packagingTax).toBe(646 + 133);
  });

  it('prices packaging by material: carton, plastic, refillable glass', () => {
    const on = (container: 'carton' | 'plastic' | 'glassRefillable', bottleSize = 3) =>
      duties(
        bottleDuties({ bottleSize, alcohol: 12.5, category: 'red', container, date: '2024-03-01' }, rows),
      );
    expect(on('carton').packagingTax).toBe(165 + 138);
    expect(on('plastic').packagingTax).toBe(406 + 138);
    // Refillable with a deposit: neither environmental nor basic tax, 3 kr deposit over 0.5 l.
    expect(on('glassRefillable', 0.75).packagingTax).toBe(0);
    expect(on('glassRefillable', 0.75).deposit).toBe(300);
  });

  it('says what is missing rather than charging nothing', () => {
    expect(
      bottleDuties({ bottleSize: 0.75, category: 'red', container: 'glass', date: '2025-01-01' }, rows),
    ).toEqual({
      ok: false,
      missing: 'alcohol',
    });
    expect(
      bottleDuties(
        { bottleSize: 0.75, alcohol: 13, category: 'red', container: 'glass', date: '2019-06-01' },
        rows,
      ),
    ).toEqual({ ok: false, missing: 'rates' });
  });

  it('charges no excise on an alcohol-free wine but still the packaging', () => {
    const d = duties(
      bottleDuties(
        { bottleSize: 0.75, alcohol: 0, category: 'nonAlcoholic', container: 'glass', date: '2024-02-01' },
        rows,
      ),
    );
    expect(d.excise).toBe(0);
    expect(d.group).toBeNull();
    expect(d.packagingTax).toBe(809);
  });
});

describe('prices with and without duties', () => {
  const wine = duties(
    bottleDuties(
      { bottleSize: 0.75, alcohol: 13, category: 'red', container: 'glass', date: '2025-06-01' },
      rows,
    ),
  );

  it('converts a price list entered without duties and back, to the øre', () => {
    expect(withDuties(10_000, wine)).toBe(10_000 + 5158 + 809);
    expect(withoutDuties(withDuties(10_000, wine), wine)).toBe(10_000);
  });

  it('breaks a bottle bought at 250 kr without VAT into net, duties and 25 % VAT', () => {
    const b = costBreakdown({
      priceWithDuties: 25_000,
      duties: { ok: true, duties: wine },
      vatPercentage: 25,
    });
    expect(b).toMatchObject({
      net: 25_000 - 5158 - 809,
      excise: 5158,
      packagingTax: 809,
      deposit: 0,
      vat: 6250,
      total: 31_250,
    });
    expect(b.missing).toEqual([]);
  });

  it('asks for the alcohol and keeps the VAT it can know', () => {
    const b = costBreakdown({
      priceWithDuties: 25_000,
      duties: { ok: false, missing: 'alcohol' },
      vatPercentage: 25,
    });
    expect(b.net).toBeNull();
    expect(b.excise).toBeNull();
    expect(b.total).toBe(31_250);
    expect(b.missing).toEqual(['alcohol']);
  });
});

describe('the rates file', () => {
  it('dates every row: a rate ends the day before the next of its kind starts', () => {
    const spirits = rows.filter((row) => row.kind === 'excise' && row.group === 'spirits');
    expect(spirits.map((row) => [row.validFrom, row.validTo])).toEqual([
      ['2023-01-01', '2023-12-31'],
      ['2024-01-01', '2024-12-31'],
      ['2025-01-01', null],
    ]);
    expect(
      ratesOn(rows, '2024-07-01').every(
        (row) => row.validFrom.startsWith('2024') || row.validFrom.startsWith('2023'),
      ),
    ).toBe(true);
  });

  it('refuses two rates of one kind from the same day', () => {
    const row = file.rows[0];
    if (!row) throw new Error('empty file');
    expect(() => datedRateRows({ rows: [row, { ...row, rate: 1 }] })).toThrow(/Two rates/);
  });

  it('reads the catalogue packaging names as containers', () => {
    expect(containerFromPackaging('Engangsflasker av glass')).toBe('glass');
    expect(containerFromPackaging('BIB under 4 ltr')).toBe('carton');
    expect(containerFromPackaging('PET')).toBe('plastic');
    expect(containerFromPackaging('Norsk ølboks (pant)')).toBe('metalDeposit');
    expect(containerFromPackaging('Metallemballasje Grønt Punkt (ikke pant)')).toBe('metal');
    expect(containerFromPackaging('Norsk ølflaske (pant)')).toBe('glassRefillable');
    expect(containerFromPackaging(undefined)).toBe('glass');
  });
});
