import type { TastingNote } from '@kork/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { TastingNoteCard } from './tasting-note-card';

const NOTE: TastingNote = {
  id: 'n1',
  wineId: 'w1',
  authorId: 'u1',
  authorName: 'Kari Nordmann',
  authorIsExpert: false,
  points: 92,
  date: '2025-02-01',
  text: 'Fine bubbles, brioche and green apple.',
  isPublished: true,
  createdAt: '2025-02-01T10:00:00Z',
  updatedAt: '2025-02-01T10:00:00Z',
  // A non-vintage wine: the list leaves the vintage out altogether.
  wine: { id: 'w1', name: 'Krug Grande Cuvée', producer: 'Krug' } as TastingNote['wine'],
};

describe('a tasting note in a list across wines (My tastings)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('names the wine once and says NV for a wine without a vintage, never "undefined"', async () => {
    renderWithProviders(<TastingNoteCard note={NOTE} withWine withAuthor={false} />);

    const card = await screen.findByRole('article', { name: 'Tasting note by Kari Nordmann' });
    const link = within(card).getByRole('link', { name: /Krug Grande Cuvée/ });
    expect(link.getAttribute('href')).toBe('/wines/w1');
    expect(link.textContent).toContain('NV');
    expect(card.textContent?.match(/Krug/g)).toHaveLength(1);
    expect(card.textContent).not.toContain('undefined');
  });

  it('says NV for a vintage sent as null too, and puts the producer before a name that lacks it', async () => {
    renderWithProviders(
      <TastingNoteCard
        note={{ ...NOTE, wine: { id: 'w2', name: 'Barolo', producer: 'Vietti', vintage: null } }}
        withWine
        withAuthor={false}
      />,
    );

    const link = await screen.findByRole('link', { name: /Vietti Barolo/ });
    expect(link.textContent).toContain('NV');
  });

  it('shows the vintage of a vintage wine, and the bottle of its style when it has no photo', async () => {
    const { container } = renderWithProviders(
      <TastingNoteCard
        note={{
          ...NOTE,
          wine: {
            id: 'w3',
            name: 'Grand Cru',
            producer: 'Dom',
            vintage: 2015,
            mainCategoryId: 'white',
          } as TastingNote['wine'],
        }}
        withWine
        withAuthor={false}
      />,
    );

    const link = await screen.findByRole('link', { name: /Grand Cru/ });
    expect(link.textContent).toContain('2015');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/img?w=32&style=white');
  });

  it('keeps the producer beside a name that carries only part of it', async () => {
    renderWithProviders(
      <TastingNoteCard
        note={{
          ...NOTE,
          wine: { id: 'w4', name: 'Barolo Cannubi', producer: 'Marchesi di Barolo', vintage: 2016 },
        }}
        withWine
        withAuthor={false}
      />,
    );

    const link = await screen.findByRole('link', { name: /Barolo Cannubi/ });
    expect(link.textContent).toBe('Barolo CannubiMarchesi di Barolo · 2016');
  });
});
