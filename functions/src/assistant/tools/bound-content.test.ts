import { describe, expect, it } from 'vitest';
import { boundContent } from './bound-content';

const row = (i: number) => ({
  cellarWineId: `w${i}`,
  name: `Wine number ${i} from a long-named producer`,
  bottles: i,
});

describe('boundContent', () => {
  it('leaves a result within the bound as it is', () => {
    const data = { count: 2, rows: [row(1), row(2)] };
    expect(boundContent(data, 8000)).toEqual(data);
  });

  it('drops rows from the end of the longest list and says so, keeping valid JSON within the bound', () => {
    const data = { count: 400, rows: Array.from({ length: 400 }, (_, i) => row(i)), other: [row(1)] };
    const bounded = boundContent(data, 2000) as typeof data & { truncated: boolean };
    const text = JSON.stringify(bounded);
    expect(text.length).toBeLessThanOrEqual(2000);
    expect(JSON.parse(text)).toEqual(bounded);
    expect(bounded.truncated).toBe(true);
    expect(bounded.count).toBe(400);
    expect(bounded.rows.length).toBeGreaterThan(5);
    expect(bounded.rows[0]).toEqual(row(0));
    expect(bounded.other).toEqual([row(1)]);
  });

  it('shortens nested lists too, and keeps the scalars when nothing else fits', () => {
    const nested = { items: [{ names: Array.from({ length: 200 }, (_, i) => `name ${i}`) }] };
    const bounded = boundContent(nested, 300);
    expect(JSON.stringify(bounded).length).toBeLessThanOrEqual(300);
    expect(bounded).toMatchObject({ truncated: true });
    const tiny = boundContent({ count: 3, note: 'x'.repeat(500) }, 60);
    expect(tiny).toEqual({ truncated: true, count: 3 });
  });
});
