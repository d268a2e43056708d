import type { EventWine, EventWineIdsLookup, WineEvent } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError, api } from '../../../lib/api-client';
import { clearToasts, notify } from '../../../lib/notify';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { endSession, startSession } from '../../../lib/session';
import { renderWithProviders as renderBare } from '../../../test/render';
import { cellarOwnerSession } from '../../cellar/test-fixtures';
import { EventEditorDialog } from './event-editor-dialog';
import { EventListsManager } from './event-lists-manager';

vi.mock(import('../../../lib/api-client'), async (original) => ({
  ...(await original()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

// Autosized text areas listen for web fonts loading; the test DOM has no font set.
if (!('fonts' in document) || !document.fonts) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const patch = vi.mocked(api.patch);

function wine(id: string, name: string, producer: string, vintage: number | null = 2020): EventWine {
  return {
    id,
    name,
    producer,
    vintage,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    grapes: [],
  } as unknown as EventWine;
}

const BAROLO = wine('w1', 'Barolo Cannubi', 'Vietti', 2019);
const CHABLIS = wine('w2', 'Chablis', 'Raveneau', 2021);

const LOOKUP: EventWineIdsLookup = {
  wines: [BAROLO],
  foundIds: ['1234501'],
  unknown: ['999999'],
  junk: ['abc'],
  repeated: [],
};

function savedEvent(overrides: Partial<WineEvent> = {}): WineEvent {
  return {
    id: 'e1',
    type: 'public',
    name: 'Autumn tasting',
    category: 'tasting',
    startDate: '2027-10-01',
    endDate: '2027-10-01',
    startTime: '18:00',
    endTime: '21:00',
    location: 'Vinbaren, Torggata 5',
    city: 'Oslo',
    organiser: { id: 'u1', name: 'Vinbaren', kind: 'tastingLocation' },
    wineCount: 1,
    listCount: 1,
    horecaPrices: false,
    description: '',
    website: '',
    ticketLink: '',
    coverPhoto: null,
    wineLists: [{ id: 'l1', name: 'Reds', wines: [BAROLO], wineIds: ['w1'] }],
    canEdit: true,
    related: [],
    currency: 'NOK',
    version: 4,
    createdAt: '2027-01-01T10:00:00Z',
    updatedAt: '2027-01-01T10:00:00Z',
    ...overrides,
  };
}

function renderWithProviders(ui: ReactElement) {
  return renderBare(<QueryProvider>{ui}</QueryProvider>);
}

/** The page's part: a button opens the dialog, which closes itself on Cancel, X or Escape. */
function Harness({ event }: { event?: WineEvent }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open editor
      </button>
      <EventEditorDialog opened={opened} onClose={() => setOpened(false)} event={event} />
    </>
  );
}

async function openDialog(event?: WineEvent) {
  fireEvent.click(screen.getByRole('button', { name: 'Open editor' }));
  return screen.findByRole('dialog', { name: event ? 'Edit event' : 'Create event' });
}

function type(scope: HTMLElement, label: string | RegExp, value: string) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
}

async function fillAbout(dialog: HTMLElement) {
  type(dialog, /Name of the event/, 'Autumn tasting');
  fireEvent.click(within(dialog).getByRole('combobox', { name: /Category/ }));
  fireEvent.click(await within(dialog).findByRole('option', { name: 'Tasting' }));
}

function fillWhen(dialog: HTMLElement) {
  type(dialog, /Start date/, '2027-10-01');
  type(dialog, /Start time/, '18:00');
  type(dialog, /End date/, '2027-10-01');
  type(dialog, /End time/, '21:00');
  type(dialog, /^Location/, 'Vinbaren, Torggata 5');
  type(dialog, /^City/, 'Oslo');
}

function next(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
}

async function addList(dialog: HTMLElement, name: string) {
  type(dialog, /Name of a new wine list/, name);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add list' }));
  return within(dialog).findByRole('region', { name: `Wine list ${name}` });
}

async function importIds(scope: HTMLElement, ids: string) {
  fireEvent.click(within(scope).getByText('Import ids'));
  type(scope, /Vinmonopolet numbers or Vectura ids/, ids);
  fireEvent.click(within(scope).getByRole('button', { name: /^Import the ids into/ }));
  return within(scope).findByRole('status', { name: 'Import result' });
}

describe('the event editor dialog', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    act(() => startSession(cellarOwnerSession()));
    get.mockImplementation(async (path: string) => {
      if (path.endsWith('/wine-lists')) return { rows: [], count: 0 };
      throw new Error(`unexpected GET ${path}`);
    });
  });

  afterEach(() => {
    act(() => {
      endSession();
      clearToasts();
    });
    queryClient.clear();
  });

  it('checks each step before the next: a missing name, then an end before the start as typed', async () => {
    renderWithProviders(<Harness />);
    const dialog = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Step 1 of 4: About' })).toBeTruthy();

    next(dialog);
    expect(await within(dialog).findAllByText('Required')).not.toHaveLength(0);
    expect(within(dialog).getByRole('heading', { name: 'Step 1 of 4: About' })).toBeTruthy();

    await fillAbout(dialog);
    next(dialog);
    expect(await within(dialog).findByRole('heading', { name: /Step 2 of 4/ })).toBeTruthy();
    expect(within(dialog).getAllByText('Norwegian time (Europe/Oslo)')).toHaveLength(2);

    type(dialog, /Start date/, '2027-10-01');
    type(dialog, /Start time/, '18:00');
    type(dialog, /End date/, '2027-10-01');
    type(dialog, /End time/, '17:30');
    expect(await within(dialog).findByText('The end must be after the start')).toBeTruthy();
    type(dialog, /^Location/, 'Vinbaren');
    type(dialog, /^City/, 'Oslo');
    next(dialog);
    expect(within(dialog).getByRole('heading', { name: /Step 2 of 4/ })).toBeTruthy();

    // Moving the start earlier meets the rule: the message goes without touching the end.
    type(dialog, /Start time/, '17:00');
    await waitFor(() => expect(within(dialog).queryByText('The end must be after the start')).toBeNull());
    expect((within(dialog).getByLabelText(/End time/) as HTMLInputElement).value).toBe('17:30');
    next(dialog);
    expect(await within(dialog).findByRole('heading', { name: 'Step 3 of 4: Wine lists' })).toBeTruthy();
  });

  it('imports ids into a list being built and reports the unknown ids and the junk', async () => {
    post.mockImplementation(async (path: string) => {
      if (path === '/events/wine-ids') return LOOKUP;
      throw new Error(`unexpected POST ${path}`);
    });
    renderWithProviders(<Harness />);
    const dialog = await openDialog();
    await fillAbout(dialog);
    next(dialog);
    fillWhen(dialog);
    next(dialog);
    const list = await addList(dialog, 'Reds');

    const report = await importIds(list, '1234501, 999999; abc');
    expect(post).toHaveBeenCalledWith('/events/wine-ids', { body: { ids: '1234501, 999999; abc' } });
    expect(within(report).getByText('1 wine added.')).toBeTruthy();
    expect(within(report).getByText('Not found in the catalogue: 999999')).toBeTruthy();
    expect(within(report).getByText('Not ids, ignored: “abc”')).toBeTruthy();
    const wines = within(list).getByRole('list', { name: 'Wines of Reds' });
    expect(within(wines).getByText('Vietti Barolo Cannubi 2019')).toBeTruthy();
  });

  it('clears the lists and the fields when closed midway, and starts empty when opened again', async () => {
    renderWithProviders(<Harness />);
    let dialog = await openDialog();
    await fillAbout(dialog);
    next(dialog);
    fillWhen(dialog);
    next(dialog);
    await addList(dialog, 'Reds');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close without saving' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Step 1 of 4: About' })).toBeTruthy();
    expect((within(dialog).getByLabelText(/Name of the event/) as HTMLInputElement).value).toBe('');
    await fillAbout(dialog);
    next(dialog);
    fillWhen(dialog);
    next(dialog);
    await within(dialog).findByRole('heading', { name: 'Step 3 of 4: Wine lists' });
    expect(within(dialog).getByText('No wine lists yet.')).toBeTruthy();
    expect(within(dialog).queryByRole('region', { name: /Wine list Reds/ })).toBeNull();
  });

  it('creates the event with its lists in one call, announces it and hands it on', async () => {
    const created = savedEvent();
    post.mockImplementation(async (path: string) => {
      if (path === '/events/wine-ids') return LOOKUP;
      if (path === '/events') return created;
      throw new Error(`unexpected POST ${path}`);
    });
    get.mockImplementation(async (path: string, options?: { query?: Record<string, unknown> }) => {
      if (path === '/wines' && options?.query?.search === 'chablis')
        return { rows: [CHABLIS], count: 1, facets: {} };
      if (path.endsWith('/wine-lists')) return { rows: [], count: 0 };
      throw new Error(`unexpected GET ${path}`);
    });
    const success = vi.spyOn(notify, 'success');
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<EventEditorDialog opened onClose={onClose} onSaved={onSaved} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create event' });
    await fillAbout(dialog);
    next(dialog);
    fillWhen(dialog);
    next(dialog);
    const list = await addList(dialog, 'Reds');
    await importIds(list, '1234501, 999999; abc');
    fireEvent.click(within(list).getByText('Search'));
    type(list, /Search the catalogue/, 'chablis');
    fireEvent.click(
      await within(list).findByRole(
        'button',
        { name: 'Add Raveneau Chablis 2021 to Reds' },
        { timeout: 3000 },
      ),
    );
    fireEvent.click(within(list).getByRole('button', { name: 'Move Raveneau Chablis 2021 up' }));
    next(dialog);

    expect(await within(dialog).findByRole('heading', { name: 'Step 4 of 4: Additional info' })).toBeTruthy();
    type(dialog, /Website/, 'vinbaren.no');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(await within(dialog).findByText('Must be a web address starting with https://')).toBeTruthy();
    type(dialog, /Website/, 'https://vinbaren.no');
    fireEvent.click(within(dialog).getByRole('switch', { name: /Show HORECA prices/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(post).toHaveBeenCalledWith('/events', {
      body: {
        type: 'public',
        horecaPrices: true,
        name: 'Autumn tasting',
        category: 'tasting',
        description: '',
        startDate: '2027-10-01',
        startTime: '18:00',
        endDate: '2027-10-01',
        endTime: '21:00',
        location: 'Vinbaren, Torggata 5',
        city: 'Oslo',
        website: 'https://vinbaren.no',
        ticketLink: '',
        coverPhoto: null,
        wineLists: [{ name: 'Reds', wineIds: ['w2', 'w1'] }],
      },
    });
    expect(success).toHaveBeenCalledWith('Event created');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server’s field messages on their step', async () => {
    post.mockRejectedValue(new ApiError('Check the fields', 400, 'VALIDATION', { city: 'Too long' }));
    renderWithProviders(<EventEditorDialog opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create event' });
    await fillAbout(dialog);
    next(dialog);
    fillWhen(dialog);
    next(dialog);
    await within(dialog).findByRole('heading', { name: /Step 3 of 4/ });
    next(dialog);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Create event' }));
    expect(await within(dialog).findByRole('heading', { name: /Step 2 of 4/ })).toBeTruthy();
    expect(within(dialog).getByText('Too long')).toBeTruthy();
  });

  it('edits the event with its version and lists; a conflict reloads it', async () => {
    const event = savedEvent();
    const fresh = savedEvent({ name: 'Autumn tasting (moved)', version: 5 });
    patch.mockRejectedValueOnce(new ApiError('Changed', 409, 'CONFLICT'));
    get.mockImplementation(async (path: string) => {
      if (path === '/events/e1') return fresh;
      if (path.endsWith('/wine-lists')) return { rows: [], count: 0 };
      throw new Error(`unexpected GET ${path}`);
    });
    renderWithProviders(<Harness event={event} />);
    const dialog = await openDialog(event);
    type(dialog, /Name of the event/, 'Autumn tasting, new name');
    next(dialog);
    next(dialog);
    await within(dialog).findByRole('region', { name: 'Wine list Reds' });
    next(dialog);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByText(/Someone else changed this event/)).toBeTruthy();
    expect(patch).toHaveBeenCalledWith('/events/e1', {
      body: expect.objectContaining({
        name: 'Autumn tasting, new name',
        version: 4,
        wineLists: [{ name: 'Reds', wineIds: ['w1'] }],
      }),
    });

    patch.mockResolvedValueOnce(fresh);
    const success = vi.spyOn(notify, 'success');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Event updated'));
    expect(patch).toHaveBeenLastCalledWith('/events/e1', {
      body: expect.objectContaining({ name: 'Autumn tasting (moved)', version: 5 }),
    });
  });
});

describe('the event lists manager', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
    act(() => startSession(cellarOwnerSession()));
  });

  afterEach(() => {
    act(() => {
      endSession();
      clearToasts();
    });
    queryClient.clear();
  });

  it('adds a list, imports ids into one with a report, and renames it', async () => {
    const event = savedEvent();
    const onChanged = vi.fn();
    const success = vi.spyOn(notify, 'success');
    post.mockImplementation(async (path: string) => {
      if (path === '/events/e1/wine-lists') return { id: 'l2', name: 'Whites', wines: [], wineIds: [] };
      if (path === '/events/e1/wine-lists/l1/import')
        return {
          list: { id: 'l1', name: 'Reds', wines: [BAROLO, CHABLIS], wineIds: ['w1', 'w2'] },
          added: ['5550102'],
          alreadyListed: ['1234501'],
          unknown: ['999999'],
          junk: [],
        };
      throw new Error(`unexpected POST ${path}`);
    });
    patch.mockResolvedValue({ id: 'l1', name: 'Red wines', wines: [BAROLO, CHABLIS], wineIds: ['w1', 'w2'] });
    renderWithProviders(<EventListsManager event={event} onChanged={onChanged} />);

    fireEvent.change(screen.getByLabelText(/Name of a new wine list/), { target: { value: 'Whites' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add list' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('List added'));
    expect(post).toHaveBeenCalledWith('/events/e1/wine-lists', { body: { name: 'Whites' } });
    expect(onChanged).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Edit the list Reds' }));
    const editor = await screen.findByRole('region', { name: 'Wine list Reds' });
    const report = await importIds(editor, '1234501, 5550102, 999999');
    expect(within(report).getByText('1 wine added.')).toBeTruthy();
    expect(within(report).getByText('Already on the list: 1234501')).toBeTruthy();
    expect(within(report).getByText('Not found in the catalogue: 999999')).toBeTruthy();
    expect(success).toHaveBeenCalledWith('List updated');
    expect(within(editor).getByText('Raveneau Chablis 2021')).toBeTruthy();

    fireEvent.change(within(editor).getByLabelText(/List name/), { target: { value: 'Red wines' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save the list Red wines' }));
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/events/e1/wine-lists/l1', {
        body: { name: 'Red wines', wineIds: ['w1', 'w2'] },
      }),
    );
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(3));
  });
});
