import type { CellarLocation } from '@kork/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { clearToasts, notify } from '../../../lib/notify';
import { renderWithProviders } from '../../../test/render';
import {
  createLocation,
  deleteLocation,
  listLocations,
  shareLocation,
  unshareLocation,
} from '../api/locations';
import { locationFixture } from '../test-fixtures';
import { LocationsPanel } from './locations-panel';

vi.mock('../api/locations', () => ({
  listLocations: vi.fn(),
  createLocation: vi.fn(),
  updateLocation: vi.fn(),
  deleteLocation: vi.fn(),
  shareLocation: vi.fn(),
  unshareLocation: vi.fn(),
  sharedLocationUrl: (token: string) => `http://kork.test/location/${token}`,
}));

const list = vi.mocked(listLocations);
const create = vi.mocked(createLocation);
const remove = vi.mocked(deleteLocation);
const share = vi.mocked(shareLocation);
const unshare = vi.mocked(unshareLocation);

function location(
  id: string,
  name: string,
  parentId: string | null,
  bottles: number,
  order = 0,
): CellarLocation {
  return locationFixture(id, name, parentId, { bottles, order });
}

// Deliberately out of order: the panel sorts siblings by `order`, then name.
const LOCATIONS = [
  location('shelf2', 'Shelf 2', 'rack', 4, 1),
  location('cellar', 'Cellar', null, 2, 1),
  location('shelf1', 'Shelf 1', 'rack', 1, 0),
  location('rack', 'Rack A', 'cellar', 3, 0),
  location('fridge', 'Fridge', null, 6, 0),
];

function renderPanel(selected: string | undefined = undefined) {
  const onSelect = vi.fn();
  renderWithProviders(<LocationsPanel userId="u1" selected={selected} onSelect={onSelect} />);
  return onSelect;
}

/** The select button of a location (not its menu button). */
function item(name: RegExp) {
  return screen.getByRole('button', { name });
}

describe('the locations panel', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    for (const mock of [list, create, remove, share, unshare]) mock.mockReset();
    list.mockResolvedValue({ rows: LOCATIONS, count: LOCATIONS.length });
  });

  afterEach(() => {
    clearToasts();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('builds the tree in order and counts each location with its sub-locations', async () => {
    renderPanel();

    // The navigation is there at once; its tree once the locations are read.
    await screen.findByRole('button', { name: /^Rack A/ });
    const nav = screen.getByRole('navigation', { name: 'Locations' });
    const tree = within(nav).getAllByRole('list')[0] as HTMLElement;
    const names = within(tree)
      .getAllByRole('button')
      .filter((button) => !button.getAttribute('aria-label')?.startsWith('Actions'))
      .map((button) => button.querySelector('span')?.textContent);
    expect(names).toEqual(['All wines', 'Fridge', 'Cellar', 'Rack A', 'Shelf 1', 'Shelf 2', 'Uncategorized']);
    // The count is the location's own bottles plus every sub-location's, read out as "… bottles".
    expect(item(/^Cellar 10 bottles$/)).toBeTruthy();
    expect(item(/^Rack A 8 bottles$/)).toBeTruthy();
    expect(item(/^Shelf 1 1 bottle$/)).toBeTruthy();
    expect(item(/^Fridge 6 bottles$/)).toBeTruthy();
    // Rack A is nested inside Cellar's list item.
    const cellarItem = item(/^Cellar/).closest('li') as HTMLElement;
    expect(within(cellarItem).getByRole('button', { name: /^Shelf 2/ })).toBeTruthy();
    expect(list).toHaveBeenCalledWith('u1', expect.any(AbortSignal));
  });

  it('marks the chosen node and reports a new choice', async () => {
    const onSelect = renderPanel('rack');

    await screen.findByRole('button', { name: /^Rack A/ });
    expect(item(/^Rack A/).getAttribute('aria-current')).toBe('true');
    expect(item(/^All wines/).getAttribute('aria-current')).toBeNull();

    fireEvent.click(item(/^Uncategorized/));
    expect(onSelect).toHaveBeenCalledWith('uncategorized');
    fireEvent.click(item(/^All wines/));
    expect(onSelect).toHaveBeenLastCalledWith(undefined);
  });

  it('adds a sub-location with a checked name', async () => {
    create.mockResolvedValue(location('new', 'Shelf 3', 'rack', 0, 2));
    renderPanel();

    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Rack A' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Add sub-location' }));
    const dialog = await screen.findByRole('dialog', { name: 'New sub-location in Rack A' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add location' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), {
      target: { value: ' Shelf 3 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add location' }));

    await waitFor(() => expect(create).toHaveBeenCalledWith('u1', { name: 'Shelf 3', parentId: 'rack' }));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('refuses a name a location under the same parent has, and shows the server’s refusal beside the name', async () => {
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Rack A' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Add sub-location' }));
    const dialog = await screen.findByRole('dialog', { name: 'New sub-location in Rack A' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    fireEvent.change(name, { target: { value: '  shelf 1 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add location' }));
    expect(await within(dialog).findByText('A location with this name already exists here')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    // A name known only to the server (added from another device) comes back beside the field.
    create.mockRejectedValue(
      new ApiError('A location with this name already exists here', 409, 'CONFLICT', {
        name: 'A location with this name already exists here',
      }),
    );
    fireEvent.change(name, { target: { value: 'Shelf 9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add location' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith('u1', { name: 'Shelf 9', parentId: 'rack' }));
    expect(await within(dialog).findByText('A location with this name already exists here')).toBeTruthy();
  });

  it('says the bottles become Uncategorized before deleting, and leaves a deleted selection', async () => {
    remove.mockResolvedValue(undefined);
    const onSelect = renderPanel('shelf1');

    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Rack A' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Rack A?' });
    expect(within(dialog).getByText(/The 8 bottles in them become Uncategorized/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete location' }));

    await waitFor(() => expect(remove).toHaveBeenCalledWith('u1', 'rack'));
    expect(onSelect).toHaveBeenCalledWith(undefined);
  });

  it('shares a location and shows its public link', async () => {
    share.mockResolvedValue({ ...location('fridge', 'Fridge', null, 0), shareToken: 'tok123' });
    renderPanel();

    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Fridge' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Fridge' });
    expect(within(dialog).getByText(/Anyone with the link can see the wines/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const link = (await within(dialog).findByRole('textbox', { name: 'Public link' })) as HTMLInputElement;
    expect(link.value).toBe('http://kork.test/location/tok123');
    expect(within(dialog).getByRole('button', { name: 'Stop sharing' })).toBeTruthy();
    // The bottle count stays: the share answer carries none.
    expect(item(/^Fridge/).textContent).toContain('6 bottles');
  });

  it('says "Unable to copy link" when the clipboard refuses, and stops sharing', async () => {
    const shared = { ...location('fridge', 'Fridge', null, 6), shareToken: 'tok123' };
    list.mockResolvedValue({ rows: [shared], count: 1 });
    unshare.mockResolvedValue(location('fridge', 'Fridge', null, 0));
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const error = vi.spyOn(notify, 'error');
    renderPanel();

    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Fridge' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sharing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Fridge' });
    expect(within(dialog).getByRole('link', { name: /Open/ }).getAttribute('href')).toBe(
      'http://kork.test/location/tok123',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Unable to copy link'));
    expect(writeText).toHaveBeenCalledWith('http://kork.test/location/tok123');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    await waitFor(() => expect(unshare).toHaveBeenCalledWith('u1', 'fridge'));
    expect(await within(dialog).findByRole('button', { name: 'Create link' })).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Public link' })).toBeNull();
  });
});
