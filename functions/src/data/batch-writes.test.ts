import { describe, expect, it, vi } from 'vitest';
import { deleteAll, putAll } from './batch-writes';

/** An entity whose batch writes leave the last item of each call unprocessed, `busy` calls long. */
function busyEntity(busy: number) {
  const stored: unknown[] = [];
  let calls = 0;
  const write = (items: Record<string, unknown>[]) => ({
    go: async () => {
      calls++;
      if (calls <= busy) {
        stored.push(...items.slice(0, -1));
        return { unprocessed: items.slice(-1) };
      }
      stored.push(...items);
      return { unprocessed: [] };
    },
  });
  return { entity: { put: write, delete: write }, stored, calls: () => calls };
}

describe('batch writes', () => {
  it('sends unprocessed items again until all are written', async () => {
    const { entity, stored, calls } = busyEntity(4);
    const items = Array.from({ length: 60 }, (_, i) => ({ id: i }));
    await putAll(entity, items);
    expect(stored).toHaveLength(60);
    expect(new Set(stored)).toEqual(new Set(items));
    expect(calls()).toBe(5);
  });

  it('gives up with the count left after ten busy rounds', async () => {
    vi.useFakeTimers();
    try {
      const { entity, calls } = busyEntity(Number.POSITIVE_INFINITY);
      const put = expect(putAll(entity, [{ id: 1 }, { id: 2 }], 'rollups')).rejects.toThrow(
        '1 rollups were not written',
      );
      await vi.runAllTimersAsync();
      await put;
      expect(calls()).toBe(10);
      const removal = expect(deleteAll(entity, [{ id: 1 }], 'rollups')).rejects.toThrow(
        '1 rollups were not removed',
      );
      await vi.runAllTimersAsync();
      await removal;
    } finally {
      vi.useRealTimers();
    }
  });
});
