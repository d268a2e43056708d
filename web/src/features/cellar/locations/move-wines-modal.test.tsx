import type { CellarWine } from '@kork/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { clearToasts } from '../../../lib/notify';
import { renderWithProviders } from '../../../test/render';
import { listLocations } from '../api/locations';
import { moveCellarWines } from '../api/move-cellar-wines';
import { cellarWineFixture, locationsFixture } from '../test-fixtures';
import { MoveWinesModal, movesFor } from './move-wines-modal';

vi.mock('../api/locations', () => ({ listLocations: vi.fn() }));
vi.mock('../api/move-cellar-wines', () => ({ moveCellarWines: vi.fn() }));

const list = vi.mocked(listLocations);
const move = vi.mocked(moveCellarWines);

const LOCATIONS = locationsFixture();

function wine(id: string, name: string, placements: CellarWine['placements']): CellarWine {
  return cellarWineFixture({ id, wineDisplayName: name, placements });
}

function renderModal(wines: CellarWine[]) {
  const onMoved = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <MoveWinesModal userId="u1" wines={wines} opened onClose={onClose} onMoved={onMoved} />,
  );
  return { onMoved, onClose };
}

async function chooseDestination(name: RegExp) {
  fireEvent.click(await screen.findByRole('combobox', { name: /Move to/ }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('the move wines modal', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    list.mockReset();
    move.mockReset();
    list.mockResolvedValue({ rows: LOCATIONS, count: LOCATIONS.length });
    move.mockResolvedValue({ rows: [], count: 0 });
  });

  afterEach(() => clearToasts());

  it('moves two bottles of one wine from the fridge to a shelf', async () => {
    const { onMoved, onClose } = renderModal([
      wine('w1', 'Barolo 2016', [
        { locationId: 'fridge', quantity: 5 },
        { locationId: null, quantity: 1 },
      ]),
    ]);

    await chooseDestination(/Shelf 2/);
    // Every other placement is moved whole by default; the person keeps the Uncategorized one.
    const fromFridge = screen.getByRole('textbox', { name: /Bottles to move from Fridge/ });
    expect((fromFridge as HTMLInputElement).value).toBe('5');
    fireEvent.change(fromFridge, { target: { value: '2' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Bottles to move from Uncategorized/ }), {
      target: { value: '0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Move 2 bottles' }));

    await waitFor(() => expect(move).toHaveBeenCalledTimes(1));
    expect(move).toHaveBeenCalledWith('u1', [
      { ownWineId: 'w1', fromLocationId: 'fridge', toLocationId: 'shelf', quantity: 2 },
    ]);
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
  });

  it('leaves out what is already at the destination and shows the server’s message', async () => {
    move.mockRejectedValue(new ApiError('Not enough bottles in Fridge', 400, 'invalid'));
    const { onMoved } = renderModal([wine('w1', 'Barolo 2016', [{ locationId: 'fridge', quantity: 3 }])]);

    await chooseDestination(/Fridge/);
    expect(screen.getByText(/Already in Fridge/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Move bottles' }) as HTMLButtonElement).disabled).toBe(true);

    await chooseDestination(/Uncategorized/);
    fireEvent.click(screen.getByRole('button', { name: 'Move 3 bottles' }));

    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Not enough bottles in Fridge')).toBeTruthy();
    expect(move).toHaveBeenCalledWith('u1', [
      { ownWineId: 'w1', fromLocationId: 'fridge', toLocationId: null, quantity: 3 },
    ]);
    expect(onMoved).not.toHaveBeenCalled();
  });

  it('defaults to every bottle outside the destination', () => {
    const wines = [
      wine('w1', 'Barolo 2016', [
        { locationId: 'fridge', quantity: 2 },
        { locationId: 'rack', quantity: 4 },
        { locationId: null, quantity: 0 },
      ]),
      wine('w2', 'Chablis 2020', [{ locationId: null, quantity: 3 }]),
    ];
    expect(movesFor(wines, 'rack', {}, 'en')).toEqual([
      { ownWineId: 'w1', fromLocationId: 'fridge', toLocationId: 'rack', quantity: 2 },
      { ownWineId: 'w2', fromLocationId: null, toLocationId: 'rack', quantity: 3 },
    ]);
    // An emptied field moves nothing from there.
    expect(movesFor(wines, 'rack', { 'w2|uncategorized': '' }, 'en')).toHaveLength(1);
  });

  it('refuses 10 of 4 beside the field, sends nothing, and moves all 4 when asked', async () => {
    const { onMoved } = renderModal([wine('w1', 'Barolo 2016', [{ locationId: 'fridge', quantity: 4 }])]);

    await chooseDestination(/Shelf 2/);
    const field = screen.getByRole('textbox', { name: /Bottles to move from Fridge/ }) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '10' } });
    // Kept as typed, never cut down to what is there.
    expect(field.value).toBe('10');
    expect(await screen.findByText('Only 4 bottles there')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Move bottles' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.submit(submit.closest('form') as HTMLFormElement);
    expect(move).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Move all 4' }));
    expect(field.value).toBe('4');
    expect(screen.queryByText('Only 4 bottles there')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Move 4 bottles' }));
    await waitFor(() =>
      expect(move).toHaveBeenCalledWith('u1', [
        { ownWineId: 'w1', fromLocationId: 'fridge', toLocationId: 'shelf', quantity: 4 },
      ]),
    );
    await waitFor(() => expect(onMoved).toHaveBeenCalled());
  });

  it('says in Norwegian how many bottles are there, and refuses what is no whole number', async () => {
    await i18n.changeLanguage('nb');
    renderModal([wine('w1', 'Barolo 2016', [{ locationId: 'fridge', quantity: 4 }])]);
    fireEvent.click(await screen.findByRole('combobox', { name: /Flytt til/ }));
    fireEvent.click(await screen.findByRole('option', { name: /Shelf 2/ }));
    const field = screen.getByRole('textbox', { name: /Fridge/ });
    fireEvent.change(field, { target: { value: '10' } });
    expect(await screen.findByText('Bare 4 flasker der')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Flytt alle 4' })).toBeTruthy();
    fireEvent.change(field, { target: { value: '2,5' } });
    expect(await screen.findByText('Må være et heltall')).toBeTruthy();
    fireEvent.change(field, { target: { value: '-1' } });
    expect(await screen.findByText('Kan ikke være negativ')).toBeTruthy();
    expect(move).not.toHaveBeenCalled();
  });

  it('splits a large move into requests of at most 50', async () => {
    const wines = Array.from({ length: 60 }, (_, i) =>
      wine(`w${i}`, `Wine ${i}`, [{ locationId: 'fridge', quantity: 1 }]),
    );
    renderModal(wines);

    await chooseDestination(/Rack A/);
    fireEvent.click(screen.getByRole('button', { name: 'Move 60 bottles' }));

    await waitFor(() => expect(move).toHaveBeenCalledTimes(2));
    expect(move.mock.calls[0]?.[1]).toHaveLength(50);
    expect(move.mock.calls[1]?.[1]).toHaveLength(10);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Wine 59')).toBeTruthy();
  });
});
