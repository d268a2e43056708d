import type { EventsQuery, User } from '@kork/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { endSession, startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { EventsPage } from '../events-page';
import { pageFixture, summaryFixture } from '../test-fixtures';

vi.mock(import('../../../lib/api-client'), async (original) => ({
  ...(await original()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

vi.mock('../editor/event-editor-dialog', () => ({
  EventEditorDialog: ({ opened }: { opened: boolean }) =>
    opened ? <div data-testid="event-editor">editor</div> : null,
}));

const get = vi.mocked(api.get);

/** The address the page is at, to check the filters are kept in it. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function render(route = '/events') {
  return renderWithProviders(
    <>
      <EventsPage />
      <Address />
    </>,
    { route },
  );
}

/** The query of the last `GET /events`. */
function lastQuery(): EventsQuery {
  const calls = get.mock.calls.filter(([path]) => path === '/events');
  const options = calls.at(-1)?.[1] as { query: EventsQuery } | undefined;
  if (!options) throw new Error('No GET /events yet');
  return options.query;
}

describe('the events page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.clearAllMocks();
  });

  afterEach(() => {
    act(() => endSession());
    queryClient.clear();
  });

  it('shows upcoming events as cards linking to their profiles, a private one marked', async () => {
    get.mockResolvedValue(
      pageFixture([
        summaryFixture(),
        summaryFixture({
          id: 'ev-private',
          name: 'Secret cellar dinner',
          type: 'private',
          category: 'dinner',
        }),
      ]),
    );
    render();
    const cards = await screen.findAllByTestId('event-card');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Barolo evening' }).getAttribute('href')).toBe(
      '/events/ev1',
    );
    expect(within(first).getByText('Tasting')).toBeTruthy();
    expect(within(first).getByText('Vinbaren, Torggata 5 · Oslo')).toBeTruthy();
    expect(within(first).getByText('By Vinbaren')).toBeTruthy();
    expect(within(first).getByText('6 wines')).toBeTruthy();
    expect(within(first).getByText(/14, 2030, 6:00\sPM–10:00\sPM/)).toBeTruthy();
    expect(within(first).queryByTestId('event-private')).toBeNull();
    expect(within(cards[1] as HTMLElement).getByTestId('event-private').textContent).toBe('Private');
    // Without a cover, the category's placeholder stands in.
    expect(within(first).getByTestId('event-cover-placeholder')).toBeTruthy();
    expect(lastQuery()).toEqual({ when: 'upcoming', page: 1, resultsPerPage: 12 });
    // A visitor is offered to sign in rather than to create.
    expect(screen.getByRole('link', { name: 'Sign in to create an event' }).getAttribute('href')).toBe(
      '/sign-in?redirect=%2Fevents',
    );
  });

  it('asks for the filters chosen and keeps them in the address', async () => {
    get.mockResolvedValue(pageFixture([summaryFixture()]));
    render();
    await screen.findAllByTestId('event-card');

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'dinner' } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ category: 'dinner' }));
    fireEvent.change(screen.getByLabelText('Place'), { target: { value: 'Bergen' } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ category: 'dinner', place: 'Bergen' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-03-01' } });
    await waitFor(() => expect(lastQuery()).toMatchObject({ from: '2030-03-01' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Past' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ when: 'past', category: 'dinner' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search events' }), {
      target: { value: 'Secret cellar dinner' },
    });
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ search: 'Secret cellar dinner', place: 'Bergen' }),
    );

    const address = new URLSearchParams(screen.getByTestId('address').textContent ?? '');
    expect(Object.fromEntries(address)).toEqual({
      when: 'past',
      category: 'dinner',
      place: 'Bergen',
      from: '2030-03-01',
      search: 'Secret cellar dinner',
    });
  });

  it('opens with the filters of a shared address', async () => {
    get.mockResolvedValue(pageFixture([summaryFixture()], { count: 30 }));
    render('/events?category=fair&place=Oslo&to=2030-12-31&page=2&category=bogus');
    await screen.findAllByTestId('event-card');
    expect(lastQuery()).toEqual({
      when: 'upcoming',
      category: 'fair',
      place: 'Oslo',
      to: '2030-12-31',
      page: 2,
      resultsPerPage: 12,
    });
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('fair');
    expect((screen.getByLabelText('Place') as HTMLSelectElement).value).toBe('Oslo');
    expect(screen.getByRole('navigation', { name: 'Pages of events' })).toBeTruthy();
  });

  it('says when there are no events, and when none match the filters', async () => {
    get.mockResolvedValue(pageFixture([]));
    const first = render();
    expect((await screen.findByTestId('events-empty')).textContent).toContain('No upcoming events yet');
    first.unmount();
    queryClient.clear();

    render('/events?category=course');
    expect((await screen.findByTestId('events-empty')).textContent).toContain('No events match');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(''));
  });

  it('lets a signed-in person create an event', async () => {
    act(() =>
      startSession({
        access_token: 'header.e30.signature',
        user: { id: 'u1', email: 'anna@example.com', fullName: 'Anna' } as User,
      }),
    );
    get.mockResolvedValue(pageFixture([summaryFixture()]));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Create event' }));
    expect(await screen.findByTestId('event-editor')).toBeTruthy();
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    get.mockResolvedValue(pageFixture([summaryFixture({ startDate: '2030-03-14', endDate: '2030-03-15' })]));
    render();
    const card = await screen.findByTestId('event-card');
    expect(within(card).getByText('Smaking')).toBeTruthy();
    expect(within(card).getByText(/14\. mars 2030, 18:00 – .*15\. mars 2030, 22:00/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Arrangementer' })).toBeTruthy();
  });
});
