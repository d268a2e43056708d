import type { User, WineEvent } from '@kork/shared';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render as renderDom, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../app/theme';
import { i18n } from '../../../i18n/i18n';
import { ApiError, api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { queryClient } from '../../../lib/query-client';
import { endSession, startSession } from '../../../lib/session';
import { EventPage } from '../event-page';
import { eventFixture, eventWineFixture } from '../test-fixtures';

vi.mock(import('../../../lib/api-client'), async (original) => ({
  ...(await original()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

vi.mock('../editor/event-editor-dialog', () => ({
  EventEditorDialog: ({ opened, event }: { opened: boolean; event?: WineEvent }) =>
    opened ? <div data-testid="event-editor">{event?.name}</div> : null,
}));

vi.mock('../editor/event-lists-manager', () => ({
  EventListsManager: () => <div data-testid="event-lists-manager" />,
}));

const get = vi.mocked(api.get);
const remove = vi.mocked(api.delete);

function serve(event: WineEvent) {
  get.mockImplementation(async (path: string) => {
    if (path === `/events/${event.id}`) return event;
    throw new ApiError('Not found', 404, 'notFound');
  });
}

/** The profile at its own route, so it reads the event's id from the address. */
function render(eventId = 'ev1') {
  const router = createMemoryRouter(
    [
      { path: '/events/:eventId', element: <EventPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/events/${eventId}`] },
  );
  return renderDom(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </MantineProvider>
    </I18nextProvider>,
  );
}

function signIn(over: Partial<User> = {}) {
  act(() =>
    startSession({
      access_token: 'header.e30.signature',
      user: { id: 'demo-restaurant', email: 'chef@example.com', fullName: 'Chef', ...over } as User,
    }),
  );
}

describe('the event profile', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
  });

  afterEach(() => {
    act(() => endSession());
    queryClient.clear();
    vi.restoreAllMocks();
  });

  it('shows the event, its organiser, its lists with monopoly prices, and related events', async () => {
    signIn({ id: 'u-private' });
    serve(eventFixture({ coverUrl: '/users/demo-restaurant/eventCover-1.jpg' }));
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Barolo evening' })).toBeTruthy();
    // The cover comes through the image service at the width it is shown, not from the raw stored path.
    const cover = screen.getByRole('img', { name: /Barolo evening/ });
    expect(cover.getAttribute('src')).toBe('/img?url=%2Fusers%2Fdemo-restaurant%2FeventCover-1.jpg&w=1080');
    expect(screen.getByText(/6:00\sPM–10:00\sPM/)).toBeTruthy();
    expect(screen.getByText('Norwegian time (Europe/Oslo)')).toBeTruthy();
    expect(screen.getByText('Vinbaren, Torggata 5 · Oslo')).toBeTruthy();
    expect(screen.getByTestId('event-organiser').getAttribute('href')).toBe('/restaurants/demo-restaurant');
    // Line breaks of the description are kept.
    expect(screen.getByTestId('event-description').textContent).toBe('Six Barolos.\nBring friends.');
    const tickets = screen.getByRole('link', { name: /Tickets/ });
    expect(tickets.getAttribute('href')).toBe('https://tickets.example.no/barolo');
    expect(tickets.getAttribute('rel')).toContain('noopener');
    expect(tickets.getAttribute('target')).toBe('_blank');

    const list = screen.getByRole('region', { name: 'Barolo flight' });
    expect(within(list).getByRole('link', { name: 'Borgogno Barolo Cannubi' }).getAttribute('href')).toBe(
      '/wines/w1',
    );
    const wine = within(list).getByTestId('event-wine');
    expect(within(wine).getByText('Monopoly price')).toBeTruthy();
    expect(within(wine).queryByText('HORECA price ex VAT')).toBeNull();
    expect(within(wine).getByTestId('event-wine-price').textContent?.replace(/\s/g, ' ')).toBe('NOK 459.90');

    const related = screen.getByRole('region', { name: 'Related events' });
    expect(within(related).getByRole('link', { name: 'Nebbiolo course' }).getAttribute('href')).toBe(
      '/events/ev2',
    );
    // Nothing of the organiser's tools for someone else.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete event' })).toBeNull();
    expect(screen.queryByTestId('event-lists-manager')).toBeNull();
    expect(screen.queryByTestId('event-private')).toBeNull();
  });

  it('labels a HORECA price ex VAT, and links a person organiser to their profile', async () => {
    signIn({ isBusiness: true });
    serve(
      eventFixture({
        horecaPrices: true,
        type: 'private',
        organiser: { id: 'demo-private', name: 'Kari Nordmann', kind: 'user' },
        wineLists: [
          {
            id: 'l1',
            name: 'Whites',
            wineIds: ['w2'],
            wines: [eventWineFixture({ id: 'w2', horecaPrice: 199 })],
          },
        ],
      }),
    );
    render();
    const wine = await screen.findByTestId('event-wine');
    expect(within(wine).getByText('HORECA price ex VAT')).toBeTruthy();
    expect(within(wine).queryByText('Monopoly price')).toBeNull();
    expect(within(wine).getByTestId('event-wine-price').textContent?.replace(/\s/g, ' ')).toBe('NOK 199.00');
    expect(screen.getByTestId('event-organiser').getAttribute('href')).toBe('/users/demo-private');
    expect(screen.getByTestId('event-private').textContent).toBe('Private');
    expect(screen.getByTestId('event-private-explained').textContent).toBe(
      'Only people with the link can see this event.',
    );
  });

  it('asks a visitor to register for prices', async () => {
    serve(
      eventFixture({ wineLists: [{ id: 'l1', name: 'Reds', wineIds: ['w1'], wines: [eventWineFixture()] }] }),
    );
    render();
    const wine = await screen.findByTestId('event-wine');
    expect(within(wine).queryByTestId('event-wine-price')).toBeNull();
    expect(screen.getByRole('link', { name: 'Register to see prices' }).getAttribute('href')).toBe(
      '/registration',
    );
  });

  it('copies the link, and says so when the clipboard refuses', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const success = vi.spyOn(notify, 'success');
    const error = vi.spyOn(notify, 'error');
    serve(eventFixture());
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/events/ev1`));
    expect(success).toHaveBeenCalledWith('Link copied');

    writeText.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Unable to copy link'));
  });

  it('gives the organiser Edit, Delete and the lists manager', async () => {
    signIn();
    serve(eventFixture({ canEdit: true }));
    remove.mockResolvedValue(undefined);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect((await screen.findByTestId('event-editor')).textContent).toBe('Barolo evening');
    expect(await screen.findByTestId('event-lists-manager')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this event?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete event' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('/events/ev1'));
    // Back to the list of events.
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });

  it('says so when the event does not exist', async () => {
    serve(eventFixture());
    render('no-such-event');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All events' }).getAttribute('href')).toBe('/events');
  });
});
