import type { WineDetail } from '@kork/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { WineDetails } from './wine-details';

const WINE: WineDetail = {
  id: 'w1',
  source: 'KORK',
  externalIds: [],
  name: 'Barolo Cannubi',
  producer: 'Brezza',
  vintage: 2019,
  bottleSize: 0.75,
  mainCategoryId: 'red',
  style: 'Rødvin',
  country: 'Italia',
  region: 'Piemonte',
  grapes: [{ name: 'Nebbiolo', share: 100 }],
  alcohol: 14.5,
  colour: 'Lys rød',
  aroma: 'Kirsebær, roser og tjære',
  taste: 'Saftig med xyzzy tanniner.',
  foodPairings: ['Storfe', 'Lam og sau'],
  body: 10,
  freshness: 9,
  tannins: 11,
  bitterness: 0,
  packaging: 'Engangsflasker av glass',
  corkType: 'Naturkork',
  storingGrade: 'Kan drikkes nå, blir bedre ved lagring',
  productSelection: 'Ukjent',
  isHorecaAvailable: true,
  rating: 93,
  expertRating: 93,
  expertCount: 1,
  communityRating: 88,
  communityCount: 2,
  vintages: [],
  related: [],
};

/** The value shown next to a label in the details list. */
function detailValue(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('the details of a wine', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('draws the taste profile as meters with their values, leaving out what is not rated', async () => {
    renderWithProviders(<WineDetails wine={WINE} />);

    const profile = await screen.findByRole('region', { name: 'Taste profile' });
    const meters = within(profile).getAllByRole('meter');
    expect(meters).toHaveLength(3);
    const body = within(profile).getByRole('meter', { name: 'Body' });
    expect(body.getAttribute('aria-valuetext')).toBe('10 of 12');
    expect(body.getAttribute('max')).toBe('12');
    expect(within(profile).getByRole('meter', { name: 'Tannins' }).getAttribute('aria-valuetext')).toBe(
      '11 of 12',
    );
    // Bitterness is 0 and sweetness absent: neither is drawn.
    expect(within(profile).queryByRole('meter', { name: 'Bitterness' })).toBeNull();
    expect(within(profile).queryByRole('meter', { name: 'Sweetness' })).toBeNull();
    // The values are meters, not "10/12" rows of the list.
    expect(screen.queryByText('10/12')).toBeNull();
    expect(screen.queryByText('Body', { selector: 'dt' })).toBeNull();
  });

  it('says the catalogue’s controlled values and the tasting notes in English', async () => {
    renderWithProviders(<WineDetails wine={WINE} />);

    await screen.findByText('Food pairings', { selector: 'dt' });
    expect(detailValue('Food pairings')).toBe('Beef, Lamb and mutton');
    expect(detailValue('Cork type')).toBe('Natural cork');
    expect(detailValue('Packaging')).toBe('Glass bottle');
    expect(detailValue('Storage')).toBe('Can be drunk now, improves with cellaring');
    expect(detailValue('Product selection')).toBe('Unknown');
    await waitFor(() => expect(detailValue('Colour')).toBe('Light red'));
    expect(detailValue('Aroma')).toBe('Cherries, roses and tar');
    // A word the glossary does not know stays as written, marked Norwegian.
    expect(detailValue('Taste')).toBe('Juicy with xyzzy tannins.');
    const unknown = screen.getByText('xyzzy', { exact: false, selector: '[lang="nb"]' });
    expect(unknown.textContent?.trim()).toBe('xyzzy');
  });

  it('shows the style once: the category, and the product type only when it adds to it', async () => {
    const { unmount } = renderWithProviders(<WineDetails wine={WINE} />);
    await screen.findByText('Style', { selector: 'dt' });
    expect(detailValue('Style')).toBe('Red');
    unmount();

    renderWithProviders(
      <WineDetails wine={{ ...WINE, mainCategoryId: 'fortified', style: 'Portvin', body: undefined }} />,
    );
    await screen.findByText('Style', { selector: 'dt' });
    expect(detailValue('Style')).toBe('FortifiedPort');
  });

  it('reads in Norwegian for a Norwegian visitor, without saying "Rødvin" twice', async () => {
    await i18n.changeLanguage('nb');
    renderWithProviders(<WineDetails wine={WINE} />);

    const profile = await screen.findByRole('region', { name: 'Smaksprofil' });
    expect(within(profile).getByRole('meter', { name: 'Fylde' }).getAttribute('aria-valuetext')).toBe(
      '10 av 12',
    );
    expect(detailValue('Stil')).toBe('Rødvin');
    expect(detailValue('Passer til')).toBe('Storfe, Lam og sau');
    expect(detailValue('Produktutvalg')).toBe('Ukjent');
    expect(detailValue('Farge')).toBe('Lys rød');
    expect(detailValue('Lukt')).toBe('Kirsebær, roser og tjære');
  });
});
