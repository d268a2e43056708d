import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysIn,
  defaultGroup,
  groupsFor,
  localToday,
  parseView,
  periodProblem,
  presetRange,
  writeView,
} from './period';

const TODAY = '2026-03-15';

describe('the period presets', () => {
  it('count back from today, both ends included', () => {
    expect(presetRange('last30', TODAY)).toEqual({ from: '2026-02-14', to: TODAY });
    expect(daysIn('2026-02-14', TODAY)).toBe(30);
    expect(presetRange('last90', TODAY)).toEqual({ from: '2025-12-16', to: TODAY });
    expect(daysIn('2025-12-16', TODAY)).toBe(90);
    expect(presetRange('last365', TODAY)).toEqual({ from: '2025-03-16', to: TODAY });
    expect(daysIn('2025-03-16', TODAY)).toBe(365);
  });

  it('take this year from its first of January and last year whole', () => {
    expect(presetRange('thisYear', TODAY)).toEqual({ from: '2026-01-01', to: TODAY });
    expect(presetRange('lastYear', TODAY)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('step over month ends and leap days', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(presetRange('last30', '2024-03-01').from).toBe('2024-02-01');
  });

  it('start with days for a month, weeks for a quarter and months beyond', () => {
    expect(defaultGroup(30)).toBe('day');
    expect(defaultGroup(90)).toBe('week');
    expect(defaultGroup(365)).toBe('month');
    expect(groupsFor(92)).toEqual(['day', 'week', 'month']);
    expect(groupsFor(93)).toEqual(['week', 'month']);
  });

  it('know today in the reader’s own calendar', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('the view in the address', () => {
  const parse = (query: string) => parseView(new URLSearchParams(query), TODAY);

  it('is the last 365 days by month when the address says nothing', () => {
    expect(parse('')).toEqual({ period: 'last365', from: '2025-03-16', to: TODAY, groupBy: 'month' });
    expect(writeView(parse('')).toString()).toBe('');
  });

  it('keeps a preset and a grouping it offers', () => {
    const view = parse('period=last90&group=day');
    expect(view).toEqual({ period: 'last90', from: '2025-12-16', to: TODAY, groupBy: 'day' });
    expect(parse(writeView(view).toString())).toEqual(view);
  });

  it('leaves out a grouping that is the period’s own', () => {
    expect(writeView(parse('period=last30&group=day')).toString()).toBe('period=last30');
  });

  it('falls back to the period’s grouping when the one asked for is not offered', () => {
    expect(parse('period=lastYear&group=day').groupBy).toBe('month');
    expect(parse('group=hour').groupBy).toBe('month');
  });

  it('reads a custom range, and keeps one that ends before it starts so the page can say so', () => {
    expect(parse('from=2025-01-01&to=2025-02-28')).toEqual({
      period: 'custom',
      from: '2025-01-01',
      to: '2025-02-28',
      groupBy: 'week',
    });
    const backwards = parse('from=2025-03-01&to=2025-02-01');
    expect(backwards.period).toBe('custom');
    expect(periodProblem(backwards)).toBe('periodOrder');
    expect(writeView(backwards).toString()).toBe('from=2025-03-01&to=2025-02-01');
  });

  it('fills in a missing end of a custom range and ignores dates that do not exist', () => {
    expect(parse('from=2025-05-05')).toMatchObject({ from: '2025-05-05', to: '2025-05-05', groupBy: 'day' });
    expect(parse('from=2025-02-30&period=last30')).toMatchObject({ period: 'last30' });
  });

  it('says when a period is longer than one request covers', () => {
    expect(periodProblem({ from: '2020-01-01', to: '2025-12-31' })).toBe('periodTooLong');
    expect(periodProblem({ from: '2025-01-01', to: '2025-12-31' })).toBeUndefined();
  });
});
