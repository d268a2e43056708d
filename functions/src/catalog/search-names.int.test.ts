/**
 * Searching the catalogue the way people say wine names, against DynamoDB Local: a slice of the real
 * Vinmonopolet list (every Ch. Margaux, Ch. Palmer, Ch. du Glana and Dom. Vacheron row, the other
 * Margaux and Sancerre wines, and the spirits whose raw materials name a fjord) imported as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { accountsSeed, directorySeed } from '@kork/functions/accounts/seed';
import { loadCatalogFile } from '@kork/functions/catalog/load-service';
import type { GlobalSearchResult, WineSearchResult } from '@kork/shared';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSeededStack } from '../../test/seeded-stack';

const CATALOGUE = resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  'shared',
  'data',
  'vinmonopolet-2014.csv',
);
const WANTED =
  /^(Ch\. Margaux|Ch\. Palmer|Ch\. du Glana|Dom\. Vacheron)|Margaux|Sancerre|Vikingfjord Vodka Cocktails|Nordfjord|^Ruffino Chianti/;

/** The real rows wanted, written back as a catalogue file the importer reads. */
function slice(): { file: string; rows: Record<string, string>[] } {
  const records = parse(readFileSync(CATALOGUE, 'utf8'), { columns: true }) as Record<string, string>[];
  const rows = records.filter((r) => WANTED.test(r.Varenavn ?? ''));
  const columns = Object.keys(records[0] as Record<string, string>);
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const lines = [
    columns.map(quote).join(','),
    ...rows.map((r) => columns.map((c) => quote(r[c] ?? '')).join(',')),
  ];
  const file = join(tmpdir(), `kork-names-${Date.now()}.csv`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, rows };
}

const { origin, accounts } = useSeededStack({ seeds: [accountsSeed, directorySeed], signIn: ['expert'] });
let source: Record<string, string>[] = [];

async function wines(query: string, language = 'en'): Promise<WineSearchResult> {
  const answer = await origin.api<WineSearchResult>('GET', `/api/wines?resultsPerPage=100&${query}`, {
    language,
  });
  expect(answer.status).toBe(200);
  return answer.payload;
}

const named = (result: WineSearchResult) =>
  result.rows.map((row) => `${row.name} ${row.vintage ?? 'NV'}`).sort();

/** What the source says should be found: name and vintage of the rows a test picks. */
const expected = (pick: (row: Record<string, string>) => boolean) =>
  source
    .filter(pick)
    // The import drops the vintage from the end of a name.
    .map(
      (r) =>
        `${r.Argang ? (r.Varenavn as string).replace(` ${r.Argang}`, '') : r.Varenavn} ${r.Argang || 'NV'}`,
    )
    .sort();

beforeAll(async () => {
  const { file, rows } = slice();
  source = rows;
  const report = await loadCatalogFile(file);
  expect(report.bad).toEqual([]);
});

describe('the feed search', () => {
  it('finds Ch. and Dom. wines by their long names, accents and case aside', async () => {
    const margaux = await wines('isRatedByExpert=false&search=chateau%20margaux');
    expect(named(margaux)).toEqual(
      expect.arrayContaining(expected((r) => r.Varenavn?.startsWith('Ch. Margaux') ?? false)),
    );
    expect(named(margaux).length).toBeGreaterThanOrEqual(2);
    const palmer = await wines(`isRatedByExpert=false&search=${encodeURIComponent('CHÂTEAU Palmer')}`);
    expect(named(palmer)).toEqual(named(await wines('isRatedByExpert=false&search=ch%20palmer')));
    expect(named(palmer)).toEqual(
      expect.arrayContaining(expected((r) => /^Ch\. Palmer \d/.test(r.Varenavn ?? ''))),
    );
    const vacheron = await wines('isRatedByExpert=false&search=domaine%20vacheron');
    expect(named(vacheron)).toEqual(expected((r) => r.Varenavn?.startsWith('Dom. Vacheron') ?? false));
    const julien = await wines('isRatedByExpert=false&search=saint%20julien');
    expect(named(julien)).toEqual(expected((r) => r.Underdistrikt === 'St. Julien'));
  });

  it('reads a year as the vintage: the Margaux wines of 2007, the Sancerres of 2012', async () => {
    const margaux = await wines('isRatedByExpert=false&search=margaux%202007');
    expect(named(margaux)).toEqual(expected((r) => r.Underdistrikt === 'Margaux' && r.Argang === '2007'));
    expect(named(margaux)).toContain('Ch. Palmer 2007');
    const sancerre = await wines('isRatedByExpert=false&search=sancerre%202012');
    expect(sancerre.rows.length).toBeGreaterThan(0);
    expect(sancerre.rows.every((row) => row.vintage === 2012)).toBe(true);
    expect(named(sancerre)).toEqual(
      expected((r) => r.Argang === '2012' && /sancerre/i.test(`${r.Varenavn} ${r.Underdistrikt}`)),
    );
  });

  it('finds a country by its English name as by its Norwegian one', async () => {
    const italy = await wines('isRatedByExpert=false&search=italy');
    expect(named(italy)).toEqual(named(await wines('isRatedByExpert=false&search=italia')));
    expect(named(italy)).toEqual(expected((r) => r.Land === 'Italia'));
  });

  it('says how many matches the expert-rated default hides, and lists the rated one first', async () => {
    const glana = await wines('search=glana');
    expect(glana.count).toBe(0);
    const all = await wines('isRatedByExpert=false&search=glana');
    expect(named(all)).toEqual(
      expect.arrayContaining(expected((r) => r.Varenavn?.startsWith('Ch. du Glana') ?? false)),
    );
    expect(glana.withoutExpertRating).toBe(all.count);

    const [first] = all.rows.filter((row) => row.name === 'Ch. du Glana');
    const rated = await origin.api('POST', `/api/wines/${first?.id}/tastings`, {
      token: accounts.tokens.expert,
      json: { date: '2026-01-15', text: 'Cassis and cedar', points: 90, isPublished: true },
    });
    expect(rated.status).toBe(201);
    const after = await wines('search=glana');
    expect(after.rows.map((row) => row.id)).toEqual([first?.id]);
    expect(after.withoutExpertRating).toBe(all.count - 1);
    // Without a text the feed says nothing of the others.
    expect((await wines('')).withoutExpertRating).toBeUndefined();
  });
});

describe('the navbar search', () => {
  const groups = async (q: string, language = 'en') => {
    const answer = await origin.api<GlobalSearchResult>('GET', `/api/search?q=${encodeURIComponent(q)}`, {
      language,
    });
    expect(answer.status).toBe(200);
    return answer.payload.groups;
  };

  it('finds a country by its English and its Norwegian name, named in the reader’s language', async () => {
    const english = await groups('italy');
    expect(english.find((g) => g.kind === 'country')?.hits).toEqual([
      expect.objectContaining({ name: 'Italy' }),
    ]);
    const norwegian = await groups('italia', 'nb');
    expect(norwegian.find((g) => g.kind === 'country')?.hits).toEqual([
      expect.objectContaining({ name: 'Italia' }),
    ]);
    const region = (await groups('burgundy')).find((g) => g.kind === 'region');
    expect(region).toBeUndefined(); // the slice has no Burgundy wine: nothing made up
    const julien = (await groups('saint julien')).find((g) => g.kind === 'subRegion');
    expect(julien?.hits).toEqual([
      expect.objectContaining({ name: 'St. Julien', detail: 'Bordeaux, France' }),
    ]);
  });

  it('lists grapes under GRAPES only: no vodka, no fruit spirit for "fjord"', async () => {
    const found = await groups('fjord');
    expect(found.find((g) => g.kind === 'grape')).toBeUndefined();
    // The wines themselves are still found as wines.
    expect(found.find((g) => g.kind === 'wine')?.hits.length).toBeGreaterThan(0);
    const merlot = (await groups('merlot')).find((g) => g.kind === 'grape');
    expect(merlot?.hits.map((hit) => hit.name)).toContain('Merlot');
  });

  it('finds wines by the long form of their names', async () => {
    const wineHits = (await groups('chateau palmer')).find((g) => g.kind === 'wine')?.hits ?? [];
    expect(wineHits.length).toBeGreaterThan(0);
    expect(wineHits.every((hit) => /palmer/i.test(`${hit.name} ${hit.detail}`))).toBe(true);
  });
});
