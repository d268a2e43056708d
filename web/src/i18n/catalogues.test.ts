import { describe, expect, it } from 'vitest';
import assistantEn from './cellar/assistant.en.json';
import assistantNb from './cellar/assistant.nb.json';
import billingEn from './cellar/billing.en.json';
import billingNb from './cellar/billing.nb.json';
import eventEditorEn from './cellar/event-editor.en.json';
import eventEditorNb from './cellar/event-editor.nb.json';
import eventsEn from './cellar/events.en.json';
import eventsNb from './cellar/events.nb.json';
import importsEn from './cellar/imports.en.json';
import importsNb from './cellar/imports.nb.json';
import listPublicEn from './cellar/list-public.en.json';
import listPublicNb from './cellar/list-public.nb.json';
import listsEn from './cellar/lists.en.json';
import listsNb from './cellar/lists.nb.json';
import marketValueEn from './cellar/market-value.en.json';
import marketValueNb from './cellar/market-value.nb.json';
import marketCartEn from './cellar/marketplace-cart.en.json';
import marketCartNb from './cellar/marketplace-cart.nb.json';
import marketPortalEn from './cellar/marketplace-portal.en.json';
import marketPortalNb from './cellar/marketplace-portal.nb.json';
import marketSuppliersEn from './cellar/marketplace-suppliers.en.json';
import marketSuppliersNb from './cellar/marketplace-suppliers.nb.json';
import viewMoneyEn from './cellar/money.en.json';
import viewMoneyNb from './cellar/money.nb.json';
import ordersEn from './cellar/orders.en.json';
import ordersNb from './cellar/orders.nb.json';
import placesEn from './cellar/places.en.json';
import placesNb from './cellar/places.nb.json';
import posEn from './cellar/pos.en.json';
import posNb from './cellar/pos.nb.json';
import pricingEn from './cellar/pricing.en.json';
import pricingNb from './cellar/pricing.nb.json';
import recipesEn from './cellar/recipes.en.json';
import recipesNb from './cellar/recipes.nb.json';
import reorderEn from './cellar/reorder.en.json';
import reorderNb from './cellar/reorder.nb.json';
import reviewEn from './cellar/review.en.json';
import reviewNb from './cellar/review.nb.json';
import salesEn from './cellar/sales.en.json';
import salesNb from './cellar/sales.nb.json';
import salesAnalyticsEn from './cellar/sales-analytics.en.json';
import salesAnalyticsNb from './cellar/sales-analytics.nb.json';
import stockCountsEn from './cellar/stock-counts.en.json';
import stockCountsNb from './cellar/stock-counts.nb.json';
import wineLoverEn from './cellar/wine-lover.en.json';
import wineLoverNb from './cellar/wine-lover.nb.json';
import winesEn from './cellar/wines.en.json';
import winesNb from './cellar/wines.nb.json';
import enMain from './en.json';
import legalEn from './legal/en.json';
import legalNb from './legal/nb.json';
import nbMain from './nb.json';

// The catalogues as the app loads them: the main file with the cellar's parts merged in at the top level.
const en = {
  ...enMain,
  ...winesEn,
  ...wineLoverEn,
  ...placesEn,
  ...reviewEn,
  ...listsEn,
  ...listPublicEn,
  ...stockCountsEn,
  ...salesEn,
  ...ordersEn,
  ...salesAnalyticsEn,
  ...pricingEn,
  ...recipesEn,
  ...posEn,
  ...importsEn,
  ...marketCartEn,
  ...marketSuppliersEn,
  ...marketPortalEn,
  ...eventsEn,
  ...eventEditorEn,
  ...viewMoneyEn,
  ...assistantEn,
  ...billingEn,
  ...marketValueEn,
  ...reorderEn,
};
const nb = {
  ...nbMain,
  ...winesNb,
  ...wineLoverNb,
  ...placesNb,
  ...reviewNb,
  ...listsNb,
  ...listPublicNb,
  ...stockCountsNb,
  ...salesNb,
  ...ordersNb,
  ...salesAnalyticsNb,
  ...pricingNb,
  ...recipesNb,
  ...posNb,
  ...importsNb,
  ...marketCartNb,
  ...marketSuppliersNb,
  ...marketPortalNb,
  ...eventsNb,
  ...eventEditorNb,
  ...viewMoneyNb,
  ...assistantNb,
  ...billingNb,
  ...marketValueNb,
  ...reorderNb,
};

/** Every text path of a catalogue, e.g. `nav.signIn` or `terms.sections.3.items.0`. */
function paths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value)) return value.flatMap((item, index) => paths(item, `${prefix}.${index}`));
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
    paths(item, prefix ? `${prefix}.${key}` : key),
  );
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  return Object.values(value as Record<string, unknown>).flatMap(texts);
}

describe('the text catalogues', () => {
  it('have every English screen text in Norwegian too, and nothing extra', () => {
    expect(paths(nb).sort()).toEqual(paths(en).sort());
  });

  it('have the same terms and privacy sections in both languages', () => {
    expect(paths(legalNb).sort()).toEqual(paths(legalEn).sort());
  });

  it('give every part its own top-level keys, so merging loses nothing', () => {
    const parts = [enMain, winesEn, placesEn, reviewEn, listsEn, listPublicEn, assistantEn];
    const keys = parts.flatMap((part) => Object.keys(part));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('leave no text empty', () => {
    for (const text of [...texts(en), ...texts(nb), ...texts(legalEn), ...texts(legalNb)]) {
      expect(text.trim()).not.toBe('');
    }
  });

  it('word the assistant’s failure as the specification does (SPEC §8), in both languages', () => {
    expect(en.assistant.failure).toBe('Sorry, I had trouble connecting. Please try again.');
    expect(nb.assistant.failure).toBe('Beklager, jeg fikk ikke kontakt. Prøv igjen.');
  });

  it('word the error page as the specification does', () => {
    expect(nb.errorPage.title).toBe('Oisann, noe har gått galt.');
    expect(en.errorPage.title).toBe('Oops, something went wrong.');
  });

  it('state the 30-day notice before the terms change, in both languages', () => {
    expect(JSON.stringify(legalEn.terms)).toContain('at least 30 days');
    expect(JSON.stringify(legalNb.terms)).toContain('minst 30 dager');
  });
});
