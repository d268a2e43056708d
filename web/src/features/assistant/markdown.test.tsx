import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AnswerMarkdown, wineLinkPath } from './markdown';

describe('the answer’s links', () => {
  it('turn only kork:wine links into the wine’s cellar row', () => {
    expect(wineLinkPath('kork:wine/w-123_A')).toBe('/wine-cellar/wines?wine=w-123_A');
    for (const href of [
      'javascript:alert(1)',
      'https://example.com',
      '//evil.example',
      '/wine-cellar/wines',
      'mailto:a@b.no',
      'kork:wine/',
      'kork:wine/../../admin',
      'kork:wine/w1?x=1',
      'KORK:wine/w1 javascript:alert(1)',
      'data:text/html,hi',
    ]) {
      expect(wineLinkPath(href), href).toBeUndefined();
    }
  });

  it('keep a wine link as a link and every other link as plain text', () => {
    renderWithProviders(
      <AnswerMarkdown
        tableLabel="Table"
        text={[
          'Open [Château Musar 2016](kork:wine/w1), not [this](javascript:alert(1)),',
          '[that site](https://example.com) or [a page](/admin).',
        ].join('\n')}
      />,
    );

    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]?.textContent).toBe('Château Musar 2016');
    expect(links[0]?.getAttribute('href')).toBe('/wine-cellar/wines?wine=w1');
    // The dropped links' words stay, without their addresses.
    const text = screen.getByText(/^Open/).textContent ?? '';
    expect(text).toContain('not this,');
    expect(text).toContain('that site or a page.');
    expect(text).not.toContain('javascript');
    expect(text).not.toContain('example.com');
  });

  it('never turns the answer’s text into markup', () => {
    renderWithProviders(
      <AnswerMarkdown tableLabel="Table" text={'<img src=x onerror="alert(1)"> **bold**'} />,
    );

    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText(/^<img src=x/).textContent).toBe('<img src=x onerror="alert(1)"> bold');
  });

  it('shows a list as a list and a table in its own scroll box, with wine links in its cells', () => {
    renderWithProviders(
      <AnswerMarkdown
        tableLabel="Table, scrolls sideways"
        text={[
          'Three wines are running low:',
          '',
          '| Wine | Bottles | Days left |',
          '|---|---:|---:|',
          '| [Barolo 2018](kork:wine/b1) | 2 | 4 |',
          '| Chablis 2021 | 1 | 2 |',
          '',
          '- Reorder the Barolo',
          '- Check the Chablis',
        ].join('\n')}
      />,
    );

    const box = screen.getByRole('region', { name: 'Table, scrolls sideways' });
    expect(box.getAttribute('tabindex')).toBe('0');
    const table = within(box).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Wine', 'Bottles', 'Days left']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: 'Barolo 2018' }).getAttribute('href')).toBe(
      '/wine-cellar/wines?wine=b1',
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Reorder the Barolo',
      'Check the Chablis',
    ]);
  });
});
