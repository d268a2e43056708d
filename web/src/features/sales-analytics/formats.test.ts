import { describe, expect, it } from 'vitest';
import { viewMoneyOf } from '../config/view-money';
import { makeFormats } from './formats';

const RATES = { date: '2026-11-27', source: 'Norges Bank', nokPerUnit: { NOK: 1, GBP: 13.4 } };
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('the sales analytics’ money', () => {
  it('shows the cellar’s kroner in the viewer’s pounds, figures and chart alike', () => {
    const formats = makeFormats('NOK', 'en', viewMoneyOf('NOK', 'GBP', RATES, new Date('2026-11-28')));
    expect(formats.currency).toBe('GBP');
    expect(formats.money(134_000)).toBe('£100');
    expect(formats.exactMoney(12_550)).toBe('£9.37');
    // The chart plots whole pounds and labels them as pounds.
    expect(formats.major(134_000)).toBe(100);
    expect(formats.chartMoney(100)).toBe('£100');
  });

  it('keeps the cellar’s own currency when the viewer reads the same one', () => {
    const formats = makeFormats('NOK', 'nb', viewMoneyOf('NOK', 'NOK', RATES));
    expect(formats.currency).toBe('NOK');
    expect(plain(formats.money(134_000))).toBe('1 340 kr');
    expect(formats.major(134_000)).toBe(1_340);
  });
});
