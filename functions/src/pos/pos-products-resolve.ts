/**
 * What a till's product id means (docs/pos.md): a feed id (`B-`/`G-`/`R-` of a wine or recipe of this
 * cellar), else the wine whose own product ID it is (its bottle), else the owner's mapping of it. Any
 * other id is unmapped: its line waits for the owner to map it.
 */
import { type CellarWine, type PosSaleEvent, parsePosProductId } from '@kork/shared';
import { cellarSnapshot } from '../cellar/kernel/cellar-snapshot';
import { claimWine, WINE_CLAIM_MS } from '../cellar/kernel/wine-claims';
import { currentWine } from '../cellar/kernel/wine-fields';
import type { CellarWineRecord } from '../cellar/kernel/wine-records';
import { tables } from '../data/tables';
import { recipeRecordOf } from '../recipes/recipe-service';
import type { TillLine, TillRecipe } from '../sales/till-sale-writes';

type EventLine = PosSaleEvent['lines'][number];

export interface Resolved {
  lines: TillLine[];
  unmapped: EventLine[];
}

/** Looks products up once per id for a whole event (or a whole import). */
export class ProductResolver {
  private readonly recipes = new Map<string, Promise<TillRecipe | undefined>>();
  private readonly mappings = new Map<string, Promise<string | undefined>>();
  /** Each wine looked up: whether it is in the cellar, and as read (absent when another sale holds it). */
  private readonly wines = new Map<string, Promise<{ exists: boolean; wine?: CellarWineRecord }>>();
  private byProductId?: Promise<Map<string, CellarWine>>;
  private byId?: Promise<Map<string, CellarWine>>;

  /**
   * `claimToken`: a till event's lookup claims each wine it finds for the event's sale under this token
   * (cellar/kernel/wine-claims.ts), so sales of one wine at once take turns; the claim's answer is the
   * wine as read. A resolver shared by many events (an import) claims nothing.
   */
  constructor(
    readonly ownerId: string,
    readonly claimToken?: string,
  ) {}

  private snapshotWines() {
    if (!this.byId || !this.byProductId) {
      const snapshot = cellarSnapshot(this.ownerId);
      this.byId = snapshot.then((s) => new Map(s.wines.map((w) => [w.id, w])));
      this.byProductId = snapshot.then(
        (s) => new Map(s.wines.flatMap((w) => (w.productId ? [[w.productId, w] as const] : []))),
      );
    }
    return { byId: this.byId, byProductId: this.byProductId };
  }

  /**
   * The wine is in the cellar: one GetItem of the wine (1 read unit), never the cellar's snapshot. Every
   * sale raises the cellar's version, so under a till's steady stream of events a snapshot would be read
   * again, whole, by nearly every event (and by every event at once).
   */
  private async wineExists(ownWineId: string): Promise<boolean> {
    let found = this.wines.get(ownWineId);
    if (!found) {
      found = this.lookUp(ownWineId);
      this.wines.set(ownWineId, found);
    }
    return (await found).exists;
  }

  private async lookUp(ownWineId: string): Promise<{ exists: boolean; wine?: CellarWineRecord }> {
    if (this.claimToken === undefined) {
      const wine = await currentWine(this.ownerId, ownWineId);
      return wine ? { exists: true, wine } : { exists: false };
    }
    const claim = await claimWine(this.ownerId, ownWineId, this.claimToken, WINE_CLAIM_MS);
    if ('wine' in claim) return { exists: true, wine: claim.wine };
    return { exists: 'heldForMs' in claim };
  }

  /**
   * The wines looked up so far, as read (strongly consistent; with a claim token, the ones claimed): a
   * sale's first attempt starts from them instead of reading them again (sales/till-sale-writes.ts).
   */
  async winesRead(): Promise<Map<string, CellarWineRecord>> {
    const read = new Map<string, CellarWineRecord>();
    for (const { wine } of await Promise.all(this.wines.values())) if (wine) read.set(wine.id, wine);
    return read;
  }

  private recipe(recipeId: string): Promise<TillRecipe | undefined> {
    let found = this.recipes.get(recipeId);
    if (!found) {
      found = recipeRecordOf(this.ownerId, recipeId).then(
        (record) =>
          record && {
            id: record.id,
            name: record.name,
            vatPercentage: record.vatPercentage,
            ingredients: record.ingredients,
          },
      );
      this.recipes.set(recipeId, found);
    }
    return found;
  }

  private mapping(productId: string): Promise<string | undefined> {
    let found = this.mappings.get(productId);
    if (!found) {
      found = tables('pos')
        .posProductMapping.get({ ownerId: this.ownerId, productId })
        .go({ consistent: true })
        .then(({ data }) => data?.target);
      this.mappings.set(productId, found);
    }
    return found;
  }

  /** A feed id's product, when this cellar has it. */
  async feedProduct(productId: string): Promise<TillLine['product'] | undefined> {
    const parsed = parsePosProductId(productId);
    if (!parsed) return undefined;
    if (parsed.kind === 'recipe') {
      const recipe = await this.recipe(parsed.id);
      return recipe && { kind: 'recipe', recipe };
    }
    return (await this.wineExists(parsed.id)) ? { kind: parsed.kind, ownWineId: parsed.id } : undefined;
  }

  /** What the till's product id means here, or undefined (unmapped). */
  async product(productId: string): Promise<TillLine['product'] | undefined> {
    const feed = await this.feedProduct(productId);
    if (feed) return feed;
    const own = (await this.snapshotWines().byProductId).get(productId);
    if (own) return { kind: 'bottle', ownWineId: own.id };
    const target = await this.mapping(productId);
    return target === undefined ? undefined : this.feedProduct(target);
  }

  async resolve(lines: readonly EventLine[]): Promise<Resolved> {
    const products = await Promise.all(lines.map((line) => this.product(line.productId)));
    const resolved: Resolved = { lines: [], unmapped: [] };
    lines.forEach((line, index) => {
      const product = products[index];
      if (product)
        resolved.lines.push({
          productId: line.productId,
          product,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
        });
      else resolved.unmapped.push(line);
    });
    return resolved;
  }
}
