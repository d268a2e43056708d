import { createHash } from 'node:crypto';
import type { MainCategory } from '@kork/shared';
import { allWines, type WineRecord } from '../catalog/wine-lookup';
import type { SeedStep } from '../data/seed-step';
import { tables } from '../data/tables';
import { createTasting } from './tasting-service';

const EXPERTS = ['demo-expert', 'demo-sommelier', 'demo-critic'];
const COMMUNITY = ['demo-private'];
const RATED_WINES = 360;

const NOTES: Partial<Record<MainCategory, string[]>> = {
  red: [
    'Dark cherry and plum, a touch of cedar. Firm tannins, long finish.',
    'Ripe blackcurrant, violets and a little spice. Supple and well balanced.',
    'Red berries and earth; fresh acidity makes it lovely with food.',
  ],
  white: [
    'Citrus, green apple and wet stone. Crisp, precise and mouth-watering.',
    'Peach and white flowers with a creamy texture and a fresh finish.',
    'Lemon zest and a hint of honey; lively acidity, good length.',
  ],
  rose: ['Strawberry and redcurrant, dry and refreshing.', 'Delicate red fruit, crisp and summery.'],
  sparkling: [
    'Fine bubbles, brioche and green apple. Elegant and dry.',
    'Citrus and toasted almond; creamy mousse and a long finish.',
  ],
  fortified: ['Dried fruit, nuts and caramel. Rich but never heavy.'],
  dessert: ['Apricot, honey and orange peel, balanced by bright acidity.'],
};

function hash(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0);
}

/** Points that lean higher for pricier bottles, spread deterministically. */
function pointsFor(wine: WineRecord, author: string): number {
  const price = (wine.priceMinor ?? 20000) / 100;
  const lift = Math.min(7, Math.max(0, Math.round(Math.log2(price / 150) * 2)));
  return Math.min(99, 82 + lift + (hash(`${wine.id}:${author}`) % 9));
}

function noteFor(wine: WineRecord, author: string): string | undefined {
  const texts = NOTES[wine.mainCategoryId];
  return texts ? texts[hash(`${author}:${wine.id}`) % texts.length] : undefined;
}

function dateFor(wine: WineRecord, author: string): string {
  const daysAgo = 1 + (hash(`${wine.id}:${author}:date`) % 400);
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** Expert notes on a few hundred wines (so the default, expert-rated feed is full) and some community notes. */
export const tastingsSeed: SeedStep = {
  name: 'tastings.demo-notes',
  version: 1,
  description: 'demo tasting notes by the demo experts and the demo private user',
  async run(log) {
    const { data: existing } = await tables('tastings')
      .tastingNote.query.byOwner({ ownerId: 'demo-expert' })
      .go({ limit: 1 });
    if (existing.length > 0) return 'already present';
    const candidates: WineRecord[] = [];
    for await (const page of allWines()) {
      for (const wine of page) {
        if (wine.status === 'active' && wine.priceMinor && NOTES[wine.mainCategoryId]) candidates.push(wine);
      }
    }
    candidates.sort((a, b) => (a.vinmonopoletNumber ?? a.id).localeCompare(b.vinmonopoletNumber ?? b.id));
    const step = Math.max(1, Math.floor(candidates.length / RATED_WINES));
    const chosen = candidates.filter((_, i) => i % step === 0).slice(0, RATED_WINES);
    let written = 0;
    for (const [i, wine] of chosen.entries()) {
      const authors = [EXPERTS[i % EXPERTS.length] as string];
      if (i % 4 === 0) authors.push(EXPERTS[(i + 1) % EXPERTS.length] as string);
      if (i % 9 === 0) authors.push(...COMMUNITY);
      for (const author of authors) {
        await createTasting(
          wine.id,
          {
            points: pointsFor(wine, author),
            date: dateFor(wine, author),
            text: noteFor(wine, author),
            isPublished: true,
          },
          { userId: author, role: 'user' },
        );
        written++;
      }
      if ((i + 1) % 100 === 0) log(`${written} demo tasting notes written`);
    }
    return `${written} notes on ${chosen.length} wines`;
  },
};
