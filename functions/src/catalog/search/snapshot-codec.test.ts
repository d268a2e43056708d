import { describe, expect, it } from 'vitest';
import { decodeDocs, encodeDocs } from './snapshot-codec';
import { base, wine } from './test-wines';

describe('the snapshot as columns', () => {
  it('gives back every wine as it was, absent fields undefined and empty lists empty', () => {
    const docs = [
      wine({
        name: 'Château Margaux 2015',
        producer: 'Château Margaux',
        country: 'Frankrike',
        region: 'Bordeaux',
        grapes: ['Cabernet Sauvignon', 'Merlot'],
        food: ['Storfe'],
        priceMinor: 950_000,
        expertIds: ['expert-01'],
        rating: 96,
        expertRating: 96,
        expertCount: 1,
        numbers: ['1234'],
        vecturaIds: ['V-1'],
        wholesaler: 'Vinarius',
        isHorecaAvailable: false,
      }),
      wine({ vintage: null, isAvailable: false, numbers: [] }),
    ];
    const decoded = decodeDocs(JSON.parse(JSON.stringify(encodeDocs(docs))));
    expect(decoded).toEqual(JSON.parse(JSON.stringify(docs)));
    expect(decoded[1]?.priceMinor).toBeUndefined();
    expect(decoded[1]?.vecturaIds).toBeUndefined();
    expect(decoded[0]?.vecturaIds).toEqual(['V-1']);
    expect(decoded[1]?.numbers).toEqual([]);
  });

  it('writes a text the wines share once', () => {
    const docs = Array.from({ length: 50 }, () => wine({ country: 'Italia', region: 'Toscana' }));
    const columns = encodeDocs(docs);
    expect(columns.strings.filter((s) => s === 'Italia')).toHaveLength(1);
  });
});

describe('the stored snapshot', () => {
  const docs = [
    wine({ name: 'Barolo 2016', country: 'Italia', grapes: ['Nebbiolo'], rating: 93 }),
    wine({ name: 'Chablis 2020', country: 'Frankrike', priceMinor: 29_900 }),
  ];
  const stored = {
    version: 4 as const,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSeq: '42',
    docs,
  };

  it('holds the built index in gzipped parts, and loads it ready to answer', async () => {
    const { parseSnapshotBody, snapshotBody, SNAPSHOT_VERSION } = await import('../search-snapshot');
    expect(SNAPSHOT_VERSION).toBe(4);
    const body = await snapshotBody(stored);
    expect(body.subarray(0, 8).toString('latin1')).toBe('KORKIDX1');
    // Each part a gzip stream of its own: the frame's header, then the parts.
    expect(body.indexOf(Buffer.from([0x1f, 0x8b, 0x08]))).toBeGreaterThan(12);
    const read = await parseSnapshotBody(body);
    expect(read?.lastSeq).toBe('42');
    expect(read?.createdAt).toBe('2026-01-01T00:00:00.000Z');
    expect([...(read?.index.docs() ?? [])]).toEqual(docs);
    const found = read?.index.search({ ...base, text: 'barolo nebiolo' });
    expect(found?.rows.map((d) => d.name)).toEqual(['Barolo 2016']);
  });

  it('still loads a body of version 3 (documents as columns) by building, and refuses an older one', async () => {
    const { parseSnapshotBody } = await import('../search-snapshot');
    const three = Buffer.from(
      JSON.stringify({ version: 3, createdAt: '', lastSeq: '7', columns: encodeDocs(docs) }),
    );
    const read = await parseSnapshotBody(three);
    expect(read?.lastSeq).toBe('7');
    expect(read?.index.search({ ...base, text: 'chablis' }).rows.map((d) => d.priceMinor)).toEqual([29_900]);
    const older = Buffer.from(JSON.stringify({ version: 2, createdAt: '', lastSeq: '1', docs }));
    expect(await parseSnapshotBody(older)).toBeUndefined();
  });

  it('refuses a body of this version that lacks an array the index needs, so the next load writes one', async () => {
    const { parseSnapshotBody } = await import('../search-snapshot');
    const { SectionWriter } = await import('./snapshot-sections');
    const out = new SectionWriter();
    out.put('version', 4);
    out.put('createdAt', '');
    out.put('lastSeq', '9');
    expect(await parseSnapshotBody(await out.packed(2))).toBeUndefined();
  });
});
