import { describe, expect, it } from 'vitest';
import { styleDetail } from './catalog';

describe('styleDetail: the one style badge', () => {
  it('leaves out a product type that only names the main category', () => {
    expect(styleDetail('red', 'Rødvin')).toBeUndefined();
    expect(styleDetail('red', 'RØDVIN')).toBeUndefined();
    expect(styleDetail('white', 'Hvitvin')).toBeUndefined();
    expect(styleDetail('sparkling', 'Musserende Vin')).toBeUndefined();
    expect(styleDetail('beer', 'Øl')).toBeUndefined();
    expect(styleDetail('fortified', 'Øvrig Sterkvin')).toBeUndefined();
    expect(styleDetail('spirits', 'Øvrig Brennevin')).toBeUndefined();
    expect(styleDetail('aromatized', 'Aromatisert Svakvin og annen blandet dri')).toBeUndefined();
    expect(styleDetail('red', 'Red wine')).toBeUndefined();
    expect(styleDetail('red', 'Ukjent')).toBeUndefined();
    expect(styleDetail('red', undefined)).toBeUndefined();
    expect(styleDetail('red', '  ')).toBeUndefined();
  });

  it('keeps a product type that says more than the category', () => {
    expect(styleDetail('fortified', 'Portvin')).toBe('Portvin');
    expect(styleDetail('fortified', 'Sherry')).toBe('Sherry');
    expect(styleDetail('spirits', 'Whisky')).toBe('Whisky');
    expect(styleDetail('spirits', 'Likør under 22 %')).toBe('Likør under 22 %');
    expect(styleDetail('fruit', 'Musserende Fruktvin')).toBe('Musserende Fruktvin');
    // A sweet red filed as a dessert wine: its colour is news.
    expect(styleDetail('dessert', 'Rødvin')).toBe('Rødvin');
  });
});
