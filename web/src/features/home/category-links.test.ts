import { describe, expect, it } from 'vitest';
import { parseWineFilters, wineFiltersToSearchParams } from '../wines/wine-filters';
import { CATEGORIES } from './categories';
import { categoryHref, selectedCategory } from './category-links';

const QUERIES = [
  '',
  'category=red',
  'category=red,white',
  'category=red&grapes=merlot&search=rioja',
  'grapes=merlot&category=white&isRatedByExpert=false&sortColumn=price&sortDirection=asc',
  'category=red,red&utm_source=mail',
];

describe('the category strip links', () => {
  it('mark the one chosen style, as the feed filters read it', () => {
    for (const query of QUERIES) {
      const params = new URLSearchParams(query);
      const { mainCategoryId } = parseWineFilters(params);
      expect(selectedCategory(params)).toBe(mainCategoryId.length === 1 ? mainCategoryId[0] : undefined);
    }
  });

  it('lead to the filters the feed would make of choosing that style, keeping the others', () => {
    for (const query of QUERIES) {
      const params = new URLSearchParams(query);
      const filters = parseWineFilters(params);
      const selected = selectedCategory(params);
      for (const category of CATEGORIES) {
        const href = categoryHref(params, category, selected);
        const expected = { ...filters, mainCategoryId: category === selected ? [] : [category] };
        expect(parseWineFilters(new URL(href, 'http://kork.test').searchParams)).toEqual(expected);
        expect(new URL(href, 'http://kork.test').searchParams.get('utm_source') ?? undefined).toBe(
          wineFiltersToSearchParams(expected, params).get('utm_source') ?? undefined,
        );
      }
    }
  });
});
