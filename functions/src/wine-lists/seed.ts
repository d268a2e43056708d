/**
 * Demo wine lists: the demo restaurant (Fjord Bistro) gets its main list, a by-the-glass list and a
 * dessert list, each with a page setup of its own, all public on its profile. Made through the wine
 * list and cellar services, after the cellar's seed; a list already there (by name) is left as it is.
 */
import {
  type CellarWine,
  CellarWineUpdate,
  DEFAULT_WINE_LIST_LAYOUT,
  NewWineListInput,
  PAPER_MM,
  UpdateProfileInput,
  type WineListLayout,
} from '@kork/shared';
import { updateProfile, viewer } from '../accounts/profile-service';
import { listCategories } from '../cellar/categories/category-service';
import { cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { updateOwnWine } from '../cellar/wines/cellar-wine-edits';
import type { SeedStep } from '../data/seed-step';
import type { Principal } from '../platform/auth';
import { listWineLists } from './wine-list-reads';
import { createWineList } from './wine-list-writes';

const RESTAURANT = 'demo-restaurant';
const OWNER: Principal = { userId: RESTAURANT, role: 'user' };
/** Wines on the by-the-glass list. */
const BY_THE_GLASS = 12;

/** The demo cellar's categories (cellar/seed.ts) each list takes its wines from. */
const MAIN_CATEGORIES = ['Musserende', 'Hvitvin', 'Rosévin', 'Oransjevin', 'Rødvin'];
const DESSERT_CATEGORIES = ['Dessertvin', 'Sterkvin'];

function layout(changes: Partial<WineListLayout>): WineListLayout {
  return { ...DEFAULT_WINE_LIST_LAYOUT, ...changes };
}

const LAYOUTS = {
  Vinkart: layout({
    paperSize: 'A4',
    orientation: 'portrait',
    ...PAPER_MM.A4,
    margins: { top: 20, right: 18, bottom: 18, left: 18 },
    font: 'garamond',
    header: { logo: true, name: true, text: 'Fra kjelleren på Bryggen · høsten 2026' },
    footnote: 'Alle priser er inkludert mva. Spør oss gjerne om årganger og halvflasker.',
    pageNumbers: true,
    qrCode: true,
    sorting: { by: 'name', direction: 'asc' },
  }),
  'Vin på glass': layout({
    paperSize: 'A5',
    orientation: 'portrait',
    ...PAPER_MM.A5,
    margins: { top: 16, right: 14, bottom: 14, left: 14 },
    font: 'sourceSans',
    header: { logo: true, name: true, text: 'Dagens utvalg, skjenket i glass' },
    pageNumbers: false,
    glassColumn: true,
    qrCode: false,
    sorting: { by: 'price', direction: 'asc' },
  }),
  Dessertviner: layout({
    paperSize: 'A5',
    orientation: 'landscape',
    ...PAPER_MM.A5,
    margins: { top: 14, right: 16, bottom: 12, left: 16 },
    font: 'lora',
    header: { logo: true, name: true, text: 'Søtt og sterkt til osten og desserten' },
    pageNumbers: false,
    qrCode: false,
    sorting: { by: 'region', direction: 'asc' },
  }),
} satisfies Record<string, WineListLayout>;

const inStock = (wine: CellarWine) => wine.quantity > 0;

/** The restaurant's lists are public on its profile. */
async function publicProfileLists(): Promise<void> {
  const user = await viewer(RESTAURANT);
  if (user.tastingLocationIsWineListPublic) return;
  await updateProfile(RESTAURANT, UpdateProfileInput.parse({ tastingLocationIsWineListPublic: true }), OWNER);
}

/** In-stock wines with a price per glass; when the cellar has too few, some get one. */
async function glassWines(wines: readonly CellarWine[]): Promise<string[]> {
  const priced = wines.filter((wine) => inStock(wine) && wine.pricePerGlass && wine.sellingPrice);
  if (priced.length < BY_THE_GLASS) {
    const candidates = wines.filter(
      (wine) => inStock(wine) && !wine.pricePerGlass && wine.sellingPrice && wine.bottleSize === 0.75,
    );
    for (const wine of candidates.slice(0, BY_THE_GLASS - priced.length)) {
      const pricePerGlass = Math.round((wine.sellingPrice ?? 0) / 5 / 1000) * 1000;
      priced.push(await updateOwnWine(RESTAURANT, wine.id, CellarWineUpdate.parse({ pricePerGlass }), OWNER));
    }
  }
  // A spread of styles and prices: sparkling and white first, then rosé, orange and red, cheapest first.
  const order = ['sparkling', 'white', 'rose', 'orange', 'red', 'dessert', 'fortified'];
  const byStyle = new Map<string, CellarWine[]>();
  for (const wine of priced)
    byStyle.set(wine.mainCategoryId, [...(byStyle.get(wine.mainCategoryId) ?? []), wine]);
  const chosen: CellarWine[] = [];
  while (chosen.length < BY_THE_GLASS && chosen.length < priced.length) {
    for (const style of order) {
      const next = byStyle.get(style)?.shift();
      if (next && chosen.length < BY_THE_GLASS) chosen.push(next);
    }
  }
  return chosen.map((wine) => wine.id);
}

export const wineListsSeed: SeedStep = {
  name: 'wine-lists.demo-lists',
  version: 1,
  description: "the demo restaurant's main, by-the-glass and dessert wine lists",
  async run(log) {
    await publicProfileLists();
    const existing = new Set((await listWineLists(RESTAURANT)).rows.map((row) => row.name));
    const snapshot = await cellarSnapshot(RESTAURANT);
    if (snapshot.wines.length === 0) return 'no demo cellar to list';
    const categories = (await listCategories(RESTAURANT)).rows;
    const idsOf = (names: readonly string[]) =>
      new Set(categories.filter((c) => names.includes(c.name)).map((c) => c.id));
    const winesIn = (names: readonly string[]) => {
      const ids = idsOf(names);
      return snapshot.wines
        .filter((wine) => inStock(wine) && wine.wineListCategoryId && ids.has(wine.wineListCategoryId))
        .map((wine) => wine.id);
    };
    const plans: { name: keyof typeof LAYOUTS; ownWineIds: () => Promise<string[]> | string[] }[] = [
      { name: 'Vinkart', ownWineIds: () => winesIn(MAIN_CATEGORIES) },
      { name: 'Vin på glass', ownWineIds: () => glassWines(snapshot.wines) },
      { name: 'Dessertviner', ownWineIds: () => winesIn(DESSERT_CATEGORIES) },
    ];
    const made: string[] = [];
    for (const plan of plans) {
      if (existing.has(plan.name)) continue;
      const ownWineIds = await plan.ownWineIds();
      await createWineList(
        RESTAURANT,
        NewWineListInput.parse({ name: plan.name, isPublic: true, ownWineIds, layout: LAYOUTS[plan.name] }),
      );
      made.push(`${plan.name} (${ownWineIds.length} wines)`);
      log(`  wine list ${plan.name}: ${ownWineIds.length} wines`);
    }
    return made.length > 0 ? `Fjord Bistro's lists: ${made.join(', ')}` : 'demo wine lists already there';
  },
};
