import { convertFromNokMinor } from '@kork/shared';
import { describe, expect, it } from 'vitest';
import { offerDutiesOf } from './offer-duties';

describe('an offer’s duties line', () => {
  it('totals excise, packaging taxes and deposit in øre and in the viewer’s currency', () => {
    const line = offerDutiesOf(
      {
        ok: true,
        duties: {
          excise: 5_158,
          packagingTax: 836,
          deposit: 0,
          group: 'upTo22',
          ratesAsOf: '2025-01-01',
          stale: true,
        },
      },
      { currency: 'EUR' },
    );
    expect(line).toEqual({
      known: true,
      totalMinor: 5_994,
      total: convertFromNokMinor(5_994, 'EUR'),
      ratesAsOf: '2025-01-01',
      stale: true,
    });
    expect(line.known && line.total).toBeLessThan(59.94);
  });

  it('says the duties are unknown, and why, rather than 0', () => {
    expect(offerDutiesOf({ ok: false, missing: 'rates' }, { currency: 'NOK' })).toEqual({
      known: false,
      missing: 'rates',
    });
  });
});
