/**
 * The demo restaurant's bar: a gin, a vermouth and (where the catalogue has it) a bitter from the
 * catalogue, added to the cellar with purchase prices, and a few drinks made of them: a Negroni on the
 * till with its POS name, a Gin & tonic and an Americano. With Vinmonopolet's list these are Beefeater,
 * Martini Rosso and Campari; the small generated catalogue has a London dry gin and a vermouth rosso
 * (and no bitter: the Negroni's bitter is then an ingredient with its own cost).
 */
import {
  CellarWineInput,
  type DutiesResult,
  dutiesTotal,
  type RecipeIngredientInput,
  RecipeInput,
} from '@kork/shared';
import { allWines, type WineRecord } from '../catalog/wine-lookup';
import { createOwnWines } from '../cellar/wines/cellar-wine-adds';
import type { SeedStep } from '../data/seed-step';
import { bottleDutiesFor, dutiesToday } from '../duties/duties-service';
import type { Principal } from '../platform/auth';
import { createRecipe, recipesOf } from './recipe-service';

const RESTAURANT = 'demo-restaurant';
const DRINKS = ['Negroni', 'Gin & tonic', 'Americano'];

interface Wanted {
  /** Vinmonopolet numbers, best first. */
  numbers: string[];
  /** Vinmonopolet's `Varetype` to fall back on. */
  style: string;
}

const WANTED = {
  gin: { numbers: ['18701', '19001'], style: 'Gin' },
  vermouth: { numbers: ['21601'], style: 'Vermut' },
  bitter: { numbers: ['1209901'], style: 'Bitter' },
} satisfies Record<string, Wanted>;
type Role = keyof typeof WANTED;

/** For each role, the catalogue wine by number, else the first priced bottle of its style (by number). */
async function pickSpirits(): Promise<Partial<Record<Role, WineRecord>>> {
  const byNumber = new Map<string, WineRecord>();
  const byStyle = new Map<string, WineRecord[]>();
  for await (const page of allWines()) {
    for (const wine of page) {
      if (wine.status !== 'active' || !wine.priceMinor || wine.bottleSize < 0.5) continue;
      if (wine.vinmonopoletNumber) byNumber.set(wine.vinmonopoletNumber, wine);
      const list = byStyle.get(wine.style ?? '') ?? [];
      list.push(wine);
      byStyle.set(wine.style ?? '', list);
    }
  }
  const picked: Partial<Record<Role, WineRecord>> = {};
  for (const [role, wanted] of Object.entries(WANTED) as [Role, Wanted][]) {
    const known = wanted.numbers.map((number) => byNumber.get(number)).find(Boolean);
    const styled = (byStyle.get(wanted.style) ?? []).sort((a, b) =>
      (a.vinmonopoletNumber ?? a.id).localeCompare(b.vinmonopoletNumber ?? b.id),
    )[0];
    const wine = known ?? styled;
    if (wine) picked[role] = wine;
  }
  return picked;
}

/**
 * Bought at about 80 % of the shelf price without VAT, but never below the bottle's duties and a net
 * price of a quarter of that (the catalogue's shelf prices are older than today's duties, and a
 * purchase price without VAT holds the duties); sold at about 2.4 times with VAT.
 */
function pricesFor(wine: WineRecord, duties: DutiesResult | undefined) {
  const shelfExVat = (wine.priceMinor ?? 30_000) / 1.25;
  const withDuties = duties?.ok ? dutiesTotal(duties.duties) + shelfExVat / 4 : 0;
  const purchasePriceWovat = Math.round(Math.max(shelfExVat * 0.8, withDuties));
  return {
    purchasePriceWovat,
    sellingPrice: Math.round((purchasePriceWovat * 1.25 * 2.4) / 1000) * 1000,
  };
}

const wine = (ownWineId: string, amountCl: number): RecipeIngredientInput => ({
  kind: 'wine',
  ownWineId,
  amountCl,
});
const other = (name: string, amount: number, unit: string, costPerUnit: number): RecipeIngredientInput => ({
  kind: 'other',
  name,
  amount,
  unit,
  costPerUnit,
});

export const recipesSeed: SeedStep = {
  name: 'recipes.demo-bar',
  version: 1,
  description: 'spirits from the catalogue in the demo restaurant, and drinks made of them',
  async run() {
    const existing = await recipesOf(RESTAURANT);
    if (existing.some((recipe) => DRINKS.includes(recipe.name))) return 'demo recipes already there';
    const picked = await pickSpirits();
    const roles = Object.keys(picked) as Role[];
    if (!picked.gin || !picked.vermouth) return 'the catalogue has no gin or vermouth: no demo recipes';
    const owner: Principal = { userId: RESTAURANT, role: 'user' };
    const spirits = roles.map((role) => picked[role] as WineRecord);
    const duties = await bottleDutiesFor(
      spirits.map((spirit) => ({
        bottleSize: spirit.bottleSize,
        category: spirit.mainCategoryId,
        wineId: spirit.id,
      })),
      dutiesToday(),
    );
    const added = await createOwnWines(
      RESTAURANT,
      spirits.map((spirit, i) =>
        CellarWineInput.parse({
          wineId: spirit.id,
          quantity: 6,
          productId: spirit.vinmonopoletNumber,
          supplier: spirit.wholesaler,
          ...pricesFor(spirit, duties[i]),
        }),
      ),
      owner,
      { bulk: true },
    );
    const own = new Map(added.map((row) => [row.wineId, row.id]));
    const idOf = (role: Role) => own.get(picked[role]?.id) as string;
    const bitter = picked.bitter ? wine(idOf('bitter'), 3) : other('Bitter', 3, 'cl', 450);
    const drinks = [
      {
        name: 'Negroni',
        ingredients: [
          wine(idOf('gin'), 3),
          wine(idOf('vermouth'), 3),
          bitter,
          other('Appelsinskall', 1, 'stk', 150),
        ],
        sellingPrice: 16_500,
        includeInPos: true,
        posName: 'Negroni',
      },
      {
        name: 'Gin & tonic',
        ingredients: [wine(idOf('gin'), 4), other('Tonic', 20, 'cl', 90), other('Lime', 1, 'båt', 80)],
        sellingPrice: 14_500,
      },
      {
        name: 'Americano',
        ingredients: [
          wine(idOf('vermouth'), 4),
          picked.bitter ? wine(idOf('bitter'), 4) : other('Bitter', 4, 'cl', 450),
          other('Soda', 10, 'cl', 40),
        ],
        sellingPrice: 13_500,
      },
    ];
    for (const drink of drinks) await createRecipe(RESTAURANT, RecipeInput.parse(drink));
    const names = roles.map((role) => picked[role]?.name).join(', ');
    return `${names} in the demo restaurant's cellar, ${drinks.length} recipes`;
  },
};
