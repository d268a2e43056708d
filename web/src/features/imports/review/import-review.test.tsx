import type {
  ImportCounts,
  ImportDetail,
  ImportLine,
  ImportLineFilter,
  MatchCandidate,
  UpdateImportInput,
} from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError, api } from '../../../lib/api-client';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { renderWithProviders } from '../../../test/render';
import { ImportReview, REVIEW_TABLE_QUERY } from './import-review';

const BASE = '/wine-cellars/users/u1/imports/job-1';

function candidate(wineId: string, name: string, confidence: number, more: Partial<MatchCandidate> = {}) {
  return {
    wineId,
    name,
    producer: 'Vietti',
    vintage: 2019,
    bottleSize: 0.75,
    mainCategoryId: 'red',
    confidence,
    via: 'text',
    ...more,
  } satisfies MatchCandidate;
}

/** A matched line, a suggested one with three candidates, an unmatched one, and one already in the cellar. */
function freshLines(): ImportLine[] {
  const base = { issues: [], onDuplicate: 'add' as const };
  return [
    {
      ...base,
      index: 0,
      at: { row: 2 },
      raw: 'Vietti · Barolo Castiglione · 2019 · 6',
      parsed: { wineName: 'Barolo Castiglione', producer: 'Vietti', vintage: 2019, quantity: 6 },
      match: {
        status: 'matched',
        candidates: [
          candidate('w-castiglione', 'Barolo Castiglione', 0.93, { vinmonopoletNumber: '1234501' }),
        ],
      },
      choice: { kind: 'catalog', wineId: 'w-castiglione' },
      confirmed: true,
    },
    {
      ...base,
      index: 1,
      at: { row: 3 },
      raw: 'Vietti · Barbera · NV · 3 · 199,00',
      parsed: {
        wineName: 'Barbera',
        producer: 'Vietti',
        vintage: null,
        quantity: 3,
        purchasePriceWvat: 19_900,
      },
      match: {
        status: 'suggested',
        candidates: [
          candidate('w-tre-vigne', "Barbera d'Alba Tre Vigne", 0.71),
          candidate('w-scarrone', "Barbera d'Alba Scarrone", 0.62),
          candidate('w-asti', "Barbera d'Asti La Crena", 0.41),
        ],
      },
      choice: { kind: 'catalog', wineId: 'w-tre-vigne' },
      confirmed: false,
    },
    {
      ...base,
      index: 2,
      at: { page: 1, line: 7 },
      raw: 'Onkel Olavs hjemmelagde',
      parsed: { wineName: 'Onkel Olavs hjemmelagde' },
      issues: ['vintageUnreadable'],
      match: { status: 'none', candidates: [] },
      choice: { kind: 'custom' },
      confirmed: false,
    },
    {
      ...base,
      index: 3,
      at: { row: 5 },
      raw: 'Château Musar · 2015 · 2',
      parsed: { wineName: 'Château Musar', vintage: 2015, quantity: 2 },
      match: {
        status: 'matched',
        candidates: [candidate('w-musar', 'Château Musar', 0.9, { producer: 'Musar', vintage: 2015 })],
      },
      duplicate: { ownWineId: 'w-musar', wineDisplayName: 'Château Musar 2015', quantity: 4 },
      choice: { kind: 'catalog', wineId: 'w-musar' },
      confirmed: true,
    },
  ];
}

let lines: ImportLine[];
let status: ImportDetail['status'];
let updatedAt: number;

function countsOf(all: readonly ImportLine[]): ImportCounts {
  const skipped = all.filter((line) => line.choice.kind === 'skip').length;
  return {
    lines: all.length,
    matched: all.filter((line) => line.match.status === 'matched').length,
    suggested: all.filter((line) => line.match.status === 'suggested').length,
    unmatched: all.filter((line) => line.match.status === 'none').length,
    confirmed: all.filter((line) => line.confirmed && line.choice.kind !== 'skip').length,
    skipped,
    duplicates: all.filter((line) => line.duplicate).length,
    imported: 0,
  };
}

const FILTERS: Record<ImportLineFilter, (line: ImportLine) => boolean> = {
  all: () => true,
  toReview: (line) => !line.confirmed && line.choice.kind !== 'skip',
  confirmed: (line) => line.confirmed && line.choice.kind !== 'skip',
  duplicates: (line) => Boolean(line.duplicate),
  skipped: (line) => line.choice.kind === 'skip',
};

function detail(filter: ImportLineFilter = 'all', offset = 0, limit = 50): ImportDetail {
  const listed = lines.filter(FILTERS[filter]);
  return {
    id: 'job-1',
    ownerId: 'u1',
    kind: 'excel',
    status,
    counts: countsOf(lines),
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: new Date(Date.UTC(2026, 2, 1, 10, 0, updatedAt)).toISOString(),
    lines: { rows: listed.slice(offset, offset + limit), count: listed.length },
  };
}

const get = vi.spyOn(api, 'get');
const patch = vi.spyOn(api, 'patch');
const post = vi.spyOn(api, 'post');

/** The server as far as the review needs it: the job's lines under a filter, decisions, confirm. */
function answer() {
  get.mockImplementation(async (path: string, options?: { query?: Record<string, unknown> }) => {
    if (path.endsWith('/cellars')) return { rows: [{ baseCurrency: 'NOK' }], count: 1 };
    if (path === '/wines')
      return {
        rows: [{ ...candidate('w-found', 'Barbera del Monferrato', 1), id: 'w-found', grapes: [] }],
        count: 1,
        facets: {},
      };
    if (path === '/wines/w-earlier')
      return {
        ...candidate('w-earlier', 'Barbera Vigna Vecchia', 1),
        id: 'w-earlier',
        vinmonopoletNumber: '777',
      };
    if (path === BASE) {
      const query = options?.query ?? {};
      return detail(query.filter as ImportLineFilter, Number(query.offset ?? 0), Number(query.limit ?? 50));
    }
    throw new Error(`unexpected GET ${path}`);
  });
  patch.mockImplementation(async (path: string, options?: { body?: unknown }) => {
    if (path !== BASE) throw new Error(`unexpected PATCH ${path}`);
    const body = options?.body as UpdateImportInput;
    for (const decision of body.lines ?? []) {
      const line = lines[decision.index] as ImportLine;
      if (decision.choice) line.choice = decision.choice;
      if (decision.confirmed !== undefined) line.confirmed = decision.confirmed;
      if (decision.onDuplicate) line.onDuplicate = decision.onDuplicate;
    }
    if (body.confirmAll) for (const line of lines) if (line.choice.kind !== 'skip') line.confirmed = true;
    updatedAt += 1;
    return detail();
  });
  post.mockImplementation(async (path: string) => {
    if (path !== `${BASE}/confirm`) throw new Error(`unexpected POST ${path}`);
    status = 'importing';
    updatedAt += 1;
    const { lines: _lines, ...job } = detail();
    return job;
  });
}

function renderReview(onConfirmed = vi.fn()) {
  const { lines: _lines, ...job } = detail();
  renderWithProviders(
    <QueryProvider>
      <ImportReview userId="u1" job={job} onConfirmed={onConfirmed} />
    </QueryProvider>,
  );
  return onConfirmed;
}

const line = (name: RegExp) => screen.findByRole('group', { name });

/** The PATCH bodies sent, in order. */
const patches = () => patch.mock.calls.map(([, options]) => (options as { body: unknown }).body);

/** A screen of this width's media queries: the table's query matches from 960 px. */
function screenWidth(px: number) {
  return vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === REVIEW_TABLE_QUERY ? px >= 960 : false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

describe('the import review', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    queryClient.clear();
    lines = freshLines();
    status = 'review';
    updatedAt = 0;
    get.mockReset();
    patch.mockReset();
    post.mockReset();
    answer();
    screenWidth(390);
  });

  afterEach(() => {
    vi.mocked(window.matchMedia).mockRestore();
  });

  it('opens on the lines to review, with the counts and filters', async () => {
    renderReview();
    const suggested = await line(/^Line 2: Vietti · Barbera/);
    expect(screen.getByRole('group', { name: /^Line 3: Onkel Olavs/ })).toBeTruthy();
    expect(screen.queryByRole('group', { name: /^Line 1:/ })).toBeNull();
    expect(screen.getByRole('tab', { name: /To review\s*2/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('import-count-lines').textContent).toBe('Lines4');
    expect(screen.getByTestId('import-count-duplicates').textContent).toBe('In your cellar1');

    // What was read, with the price in the cellar's currency, and where the line was.
    expect(within(suggested).getByText('Row 3')).toBeTruthy();
    expect(suggested.textContent).toMatch(/VintageNV/);
    expect(suggested.textContent?.replace(/\s/g, ' ')).toMatch(/Price inc VATNOK 199\.00/);
    expect(within(suggested).getByText('Check this · 71%')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: /All\s*4/ }));
    const matched = await line(/^Line 1: Vietti · Barolo Castiglione/);
    expect(within(matched).getByText('Sure match · 93%')).toBeTruthy();
    expect(within(matched).getByText(/Vinmonopolet 1234501/)).toBeTruthy();
    expect((within(matched).getByRole('checkbox', { name: 'Confirm' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('sends the alternative picked, and keeps it shown while it saves', async () => {
    renderReview();
    const suggested = await line(/^Line 2:/);
    const radios = within(suggested).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    fireEvent.click(within(suggested).getByRole('radio', { name: "Vietti Barbera d'Alba Scarrone 2019" }));
    await waitFor(() =>
      expect(patches()).toEqual([
        { lines: [{ index: 1, choice: { kind: 'catalog', wineId: 'w-scarrone' }, confirmed: true }] },
      ]),
    );
    // Confirmed by the choice, the line leaves "to review".
    await waitFor(() => expect(screen.queryByRole('group', { name: /^Line 2:/ })).toBeNull());
    expect(screen.getByRole('button', { name: 'Import 3 wines' })).toBeTruthy();
  });

  it('keeps a line as a custom wine by its name, or skips it', async () => {
    renderReview();
    const unmatched = await line(/^Line 3: Onkel Olavs/);
    expect(within(unmatched).getByText('No quantity given: it will be added with 0 bottles')).toBeTruthy();
    expect(within(unmatched).getByText('The vintage could not be read')).toBeTruthy();
    expect(within(unmatched).getByText('Page 1, line 7')).toBeTruthy();
    expect(within(unmatched).getByText('Added as your own wine: Onkel Olavs hjemmelagde')).toBeTruthy();

    fireEvent.click(within(unmatched).getByRole('button', { name: 'Skip' }));
    await waitFor(() =>
      expect(patches()).toEqual([{ lines: [{ index: 2, choice: { kind: 'skip' }, confirmed: false }] }]),
    );
    fireEvent.click(await screen.findByRole('tab', { name: /Skipped\s*1/ }));
    const skipped = await line(/^Line 3:/);
    expect(within(skipped).getByText('Skipped: this line will not be imported')).toBeTruthy();
    expect((within(skipped).getByRole('checkbox', { name: 'Confirm' }) as HTMLInputElement).disabled).toBe(
      true,
    );

    fireEvent.click(within(skipped).getByRole('button', { name: 'Keep as my own wine' }));
    await waitFor(() =>
      expect(patches()[1]).toEqual({ lines: [{ index: 2, choice: { kind: 'custom' }, confirmed: true }] }),
    );
  });

  it('offers a catalogue wine already in the cellar to add to, or to leave out', async () => {
    renderReview();
    fireEvent.click(await screen.findByRole('tab', { name: /Duplicates\s*1/ }));
    const duplicate = await line(/^Line 4: Château Musar/);
    const choice = within(duplicate).getByRole('radiogroup', {
      name: 'Already in your cellar: Château Musar 2015 (4 bottles)',
    });
    expect(
      (within(choice).getByRole('radio', { name: 'Add to its bottles' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(within(choice).queryByRole('radio', { name: 'Add as a new wine' })).toBeNull();
    fireEvent.click(within(choice).getByRole('radio', { name: "Don't add it" }));
    await waitFor(() =>
      expect(patches()).toEqual([{ lines: [{ index: 3, choice: { kind: 'skip' }, confirmed: false }] }]),
    );
  });

  it('lets a custom wine already in the cellar be added as a new one', async () => {
    lines[3] = { ...(lines[3] as ImportLine), choice: { kind: 'custom' }, confirmed: false };
    renderReview();
    const duplicate = await line(/^Line 4:/);
    fireEvent.click(within(duplicate).getByRole('radio', { name: 'Add as a new wine' }));
    await waitFor(() => expect(patches()).toEqual([{ lines: [{ index: 3, onDuplicate: 'new' }] }]));
  });

  it('picks any catalogue wine by searching', async () => {
    renderReview();
    const suggested = await line(/^Line 2:/);
    fireEvent.click(within(suggested).getByRole('button', { name: 'Search the catalogue' }));
    const box = within(suggested).getByRole('combobox', { name: 'Find a wine in the catalogue' });
    expect((box as HTMLInputElement).value).toBe('Barbera');
    fireEvent.click(box);
    fireEvent.click(await screen.findByRole('option', { name: /Vietti Barbera del Monferrato 2019/ }));
    await waitFor(() =>
      expect(patches()).toEqual([
        { lines: [{ index: 1, choice: { kind: 'catalog', wineId: 'w-found' }, confirmed: true }] },
      ]),
    );
    expect(get).toHaveBeenCalledWith(
      '/wines',
      expect.objectContaining({
        query: expect.objectContaining({ search: 'Barbera', isAvailable: 'false' }),
      }),
    );
    fireEvent.click(screen.getByRole('tab', { name: /All/ }));
    const picked = await line(/^Line 2:/);
    expect(within(picked).getByText('Your choice')).toBeTruthy();
    expect(within(picked).getByText('Vietti Barbera del Monferrato 2019')).toBeTruthy();
  });

  it('shows a catalogue wine picked by searching before the page was opened', async () => {
    lines[1] = { ...(lines[1] as ImportLine), choice: { kind: 'catalog', wineId: 'w-earlier' } };
    renderReview();
    const suggested = await line(/^Line 2:/);
    expect(await within(suggested).findByText('Vietti Barbera Vigna Vecchia 2019')).toBeTruthy();
    expect(within(suggested).getByText('Your choice')).toBeTruthy();
    expect(within(suggested).getByText(/Vinmonopolet 777/)).toBeTruthy();
  });

  it('keeps a decision the server refused, says why, and sends it again', async () => {
    patch.mockRejectedValueOnce(new ApiError('The import is not ready for that', 409, 'importNotReady'));
    renderReview();
    const suggested = await line(/^Line 2:/);
    fireEvent.click(within(suggested).getByRole('radio', { name: "Vietti Barbera d'Asti La Crena 2019" }));
    expect(await within(suggested).findByText('Not saved: The import is not ready for that')).toBeTruthy();
    expect(
      (
        within(suggested).getByRole('radio', {
          name: "Vietti Barbera d'Asti La Crena 2019",
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    fireEvent.click(within(suggested).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(2));
    expect(patches()[1]).toEqual({
      lines: [{ index: 1, choice: { kind: 'catalog', wineId: 'w-asti' }, confirmed: true }],
    });
  });

  it('confirms all, then imports the confirmed wines', async () => {
    const onConfirmed = renderReview();
    expect(await screen.findByRole('button', { name: 'Import 2 wines' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm all' }));
    await waitFor(() => expect(patches()).toEqual([{ confirmAll: true }]));
    const start = await screen.findByRole('button', { name: 'Import 4 wines' });
    expect((start as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(start);
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith(`${BASE}/confirm`, { body: {} });
  });

  it('cannot import while nothing is confirmed, and says why', async () => {
    for (const each of lines) each.confirmed = false;
    renderReview();
    const start = await screen.findByRole('button', { name: 'Import 0 wines' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    const reason = document.getElementById(start.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Confirm at least one wine to import');
  });

  /** Every control a line has, on the lines the filter shows. */
  function lineControls(group: HTMLElement) {
    return [
      ...within(group).queryAllByRole('radio'),
      ...within(group).queryAllByRole('checkbox'),
      ...within(group).queryAllByRole('button'),
    ] as (HTMLInputElement | HTMLButtonElement)[];
  }

  it('takes no decisions once the import is running, and says why', async () => {
    status = 'importing';
    renderReview();
    const suggested = await line(/^Line 2:/);
    expect(screen.getByRole('status').textContent).toBe('The import is running: decisions are closed');
    const controls = lineControls(suggested);
    // Three alternatives, Confirm, and Search, Keep as my own wine, Skip.
    expect(controls).toHaveLength(7);
    for (const control of controls) expect(control.disabled).toBe(true);
    fireEvent.click(within(suggested).getByRole('radio', { name: "Vietti Barbera d'Alba Scarrone 2019" }));
    fireEvent.click(within(suggested).getByRole('button', { name: 'Skip' }));
    fireEvent.click(within(suggested).getByRole('button', { name: 'Search the catalogue' }));
    expect(within(suggested).queryByRole('combobox')).toBeNull();
    expect(patch).not.toHaveBeenCalled();

    const confirmAll = screen.getByRole('button', { name: 'Confirm all' }) as HTMLButtonElement;
    const start = screen.getByRole('button', { name: 'Import 2 wines' }) as HTMLButtonElement;
    for (const button of [confirmAll, start]) {
      expect(button.disabled).toBe(true);
      const reason = document.getElementById(button.getAttribute('aria-describedby') ?? '');
      expect(reason?.textContent).toBe('The import is running: decisions are closed');
    }
  });

  it('closes every control when the import is cancelled in another tab', async () => {
    renderReview();
    fireEvent.click(await screen.findByRole('tab', { name: /All\s*4/ }));
    const duplicate = await line(/^Line 4: Château Musar/);
    fireEvent.click(within(duplicate).getByRole('button', { name: 'Search the catalogue' }));
    expect(within(duplicate).getByRole('combobox')).toBeTruthy();
    for (const control of lineControls(duplicate)) expect(control.disabled).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();

    status = 'cancelled';
    updatedAt += 1;
    await act(() => queryClient.invalidateQueries());
    expect((await screen.findByRole('status')).textContent).toBe(
      'The import was cancelled: decisions are closed',
    );
    // The duplicate choice's radios too; the open search is closed.
    expect(within(duplicate).getAllByRole('radio').length).toBeGreaterThan(0);
    for (const each of screen.getAllByTestId('import-line'))
      for (const control of lineControls(each)) expect(control.disabled).toBe(true);
    expect(within(duplicate).queryByRole('combobox')).toBeNull();
    expect((screen.getByRole('button', { name: 'Confirm all' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Import 2 wines' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows cards on a phone and a table from 960 px', async () => {
    renderReview();
    const card = await line(/^Line 2:/);
    expect(card.getAttribute('data-layout')).toBe('card');
    expect(screen.queryByText('Catalogue match')).toBeNull();
  });

  it('shows a table row per line on a wide screen', async () => {
    screenWidth(1280);
    renderReview();
    const row = await line(/^Line 2:/);
    expect(row.getAttribute('data-layout')).toBe('row');
    expect(screen.getByText('Catalogue match')).toBeTruthy();
  });

  it('speaks Norwegian', async () => {
    await act(() => i18n.changeLanguage('nb'));
    renderReview();
    const suggested = await line(/^Linje 2: Vietti · Barbera/);
    expect(within(suggested).getByRole('button', { name: 'Søk i katalogen' })).toBeTruthy();
    expect(within(suggested).getByRole('button', { name: 'Behold som min egen vin' })).toBeTruthy();
    expect(within(suggested).getByRole('checkbox', { name: 'Bekreft' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Importer 2 viner' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bekreft alle' })).toBeTruthy();
  });

  it('says in Norwegian why the decisions are closed', async () => {
    await act(() => i18n.changeLanguage('nb'));
    status = 'cancelled';
    renderReview();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Importen ble avbrutt: valgene kan ikke lenger endres',
    );
  });

  describe('a line that names no vintage of a wine with several, and a line that matches nothing', () => {
    const veuve = (wineId: string, vintage: number | null, bottleSize = 0.75) =>
      candidate(
        wineId,
        vintage === null ? 'Veuve Clicquot Brut Rosé' : `Veuve Clicquot Brut Rosé ${vintage}`,
        0.95,
        {
          producer: 'Veuve Clicquot Ponsardin',
          vintage,
          bottleSize,
          mainCategoryId: 'sparkling',
        },
      );

    beforeEach(() => {
      lines[1] = {
        ...(lines[1] as ImportLine),
        raw: 'Veuve Clicquot Brut Rosé · 6',
        parsed: { wineName: 'Veuve Clicquot Brut Rosé', quantity: 6 },
        match: {
          status: 'suggested',
          candidates: [veuve('vc-nv', null), veuve('vc-1978', 1978)],
          vintages: [veuve('vc-nv', null), veuve('vc-1978', 1978), veuve('vc-nv-magnum', null, 1.5)],
        },
        choice: { kind: 'undecided' },
        confirmed: false,
      };
      lines[2] = {
        ...(lines[2] as ImportLine),
        raw: 'Xyzzy Flurble Quux',
        parsed: { wineName: 'Xyzzy Flurble Quux', quantity: 2 },
        issues: [],
        choice: { kind: 'undecided' },
      };
    });

    it('asks for the vintage, offers each and "no vintage", and confirms the one picked', async () => {
      renderReview();
      const veuveLine = await line(/^Line 2: Veuve Clicquot/);
      expect(within(veuveLine).getByText('Which vintage? The line gives none')).toBeTruthy();
      const vintages = within(veuveLine).getByRole('radiogroup', {
        name: 'Vintages of Veuve Clicquot Ponsardin Veuve Clicquot Brut Rosé',
      });
      expect(
        within(vintages)
          .getAllByRole('radio')
          .map((radio) => (radio as HTMLInputElement).checked),
      ).toEqual([false, false, false, false]);
      expect(within(vintages).getAllByRole('radio', { name: 'NV' })).toHaveLength(2);
      expect(within(vintages).getByText('150 cl')).toBeTruthy();
      // The vintages are not offered again as other wines it may be.
      expect(within(veuveLine).queryByRole('radiogroup', { name: 'Catalogue wines it may be' })).toBeNull();
      // Nothing is chosen, so there is nothing to confirm yet.
      const confirm = within(veuveLine).getByRole('checkbox', { name: 'Confirm' }) as HTMLInputElement;
      expect(confirm.disabled).toBe(true);
      expect(within(veuveLine).getByText('Choose a wine first')).toBeTruthy();

      fireEvent.click(within(vintages).getByRole('radio', { name: '1978' }));
      await waitFor(() =>
        expect(patches()).toEqual([
          { lines: [{ index: 1, choice: { kind: 'catalog', wineId: 'vc-1978' }, confirmed: true }] },
        ]),
      );
      fireEvent.click(screen.getByRole('tab', { name: /All\s*4/ }));
      const picked = await line(/^Line 2: Veuve Clicquot/);
      fireEvent.click(within(picked).getByRole('radio', { name: 'No vintage: keep as my own wine' }));
      await waitFor(() =>
        expect(patches()[1]).toEqual({ lines: [{ index: 1, choice: { kind: 'custom' }, confirmed: true }] }),
      );
    });

    it("shows a line that matches nothing as unmatched, to be kept as one's own wine only on purpose", async () => {
      renderReview();
      const nonsense = await line(/^Line 3: Xyzzy Flurble Quux/);
      expect(within(nonsense).getByText('Unmatched')).toBeTruthy();
      expect(
        within(nonsense).getByText(/^Unmatched — review: no catalogue wine matches this line/),
      ).toBeTruthy();
      expect(within(nonsense).queryByText(/Added as your own wine/)).toBeNull();
      expect((within(nonsense).getByRole('checkbox', { name: 'Confirm' }) as HTMLInputElement).disabled).toBe(
        true,
      );
      fireEvent.click(within(nonsense).getByRole('button', { name: 'Keep as my own wine' }));
      await waitFor(() =>
        expect(patches()).toEqual([{ lines: [{ index: 2, choice: { kind: 'custom' }, confirmed: true }] }]),
      );
    });

    it('says it in Norwegian', async () => {
      await act(() => i18n.changeLanguage('nb'));
      renderReview();
      const veuveLine = await line(/^Linje 2: Veuve Clicquot/);
      expect(within(veuveLine).getByText('Hvilken årgang? Linjen oppgir ingen')).toBeTruthy();
      expect(
        within(veuveLine).getByRole('radio', { name: 'Uten årgang: behold som min egen vin' }),
      ).toBeTruthy();
      const nonsense = await line(/^Linje 3: Xyzzy/);
      expect(within(nonsense).getByText('Ikke funnet')).toBeTruthy();
    });
  });
});
