import type { AssistantStreamEvent, User } from '@kork/shared';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { endSession, startSession } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import AssistantChat from './assistant-chat';

// The mocks are made once, outside the factories: a factory may run more than once when the chat's
// modules and this file import a mocked module at the same moment, and each run would make mocks of its
// own — the chat then calls one this file never configured (no stream asked for, "cut off" at once).
type Api = typeof import('./api/assistant-api');
const mocks = vi.hoisted(() => ({
  askAssistant: vi.fn<typeof import('../../lib/assistant-stream')['askAssistant']>(),
  createConversation: vi.fn<Api['createConversation']>(),
  listConversations: vi.fn<Api['listConversations']>(),
  getConversation: vi.fn<Api['getConversation']>(),
  deleteConversation: vi.fn<Api['deleteConversation']>(),
}));
vi.mock('../../lib/assistant-stream', () => ({ askAssistant: mocks.askAssistant }));
vi.mock('./api/assistant-api', () => ({
  createConversation: mocks.createConversation,
  listConversations: mocks.listConversations,
  getConversation: mocks.getConversation,
  deleteConversation: mocks.deleteConversation,
}));

const ask = mocks.askAssistant;
// The chat's steps (create the conversation, then stream) re-render the whole chat several times: on a
// machine busy with other tiers that takes seconds. A wrong outcome still fails, only later.
configure({ asyncUtilTimeout: 15_000 });
const PRIVATE = { id: 'u1', email: 'kari@example.com', fullName: 'Kari', role: 'user' } as User;
const BUSINESS = { ...PRIVATE, id: 'u2', isBusiness: true } as User;

type Emit = (event: AssistantStreamEvent) => void;

function signIn(user: User) {
  act(() => startSession({ access_token: 'header.e30.signature', user }));
}

describe('the cellar assistant’s chat', () => {
  beforeAll(() => {
    // The growing question box listens for web fonts loading; the test DOM has no font set.
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
      });
    }
  });

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    queryClient.clear();
    ask.mockReset();
    mocks.createConversation.mockResolvedValue({ id: 'c1' });
    mocks.listConversations.mockResolvedValue({ rows: [], count: 0 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    act(() => endSession());
    vi.restoreAllMocks();
  });

  it('offers a restaurant stock, reorder and margin questions, and a collector drink-now and pairing ones', async () => {
    signIn(BUSINESS);
    const { unmount } = renderWithProviders(<AssistantChat />);
    const business = [
      'What is low on stock?',
      'What should I reorder from Vinmonopolet suppliers?',
      'Which wines earn least?',
      'What is my cellar worth?',
    ];
    for (const question of business)
      expect(await screen.findByRole('button', { name: question })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'What should I drink now?' })).toBeNull();
    unmount();

    signIn(PRIVATE);
    renderWithProviders(<AssistantChat />);
    for (const question of [
      'What should I drink now?',
      'What goes with lamb from my cellar?',
      'What is my cellar worth?',
    ])
      expect(await screen.findByRole('button', { name: question })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'What is low on stock?' })).toBeNull();
  });

  it('streams the answer word by word, saying which part of the cellar it looks at', async () => {
    signIn(PRIVATE);
    let emit: Emit = () => {};
    let finish: () => void = () => {};
    ask.mockImplementation((_id, _text, onEvent) => {
      emit = onEvent;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    renderWithProviders(<AssistantChat />);

    fireEvent.click(await screen.findByRole('button', { name: 'What should I drink now?' }));
    await waitFor(() =>
      expect(ask).toHaveBeenCalledWith(
        'c1',
        'What should I drink now?',
        expect.any(Function),
        expect.anything(),
      ),
    );
    act(() => emit({ type: 'tool', name: 'drink_now' }));
    expect(screen.getByRole('status').textContent).toBe('Looking at your cellar… (drinking windows)');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    act(() => emit({ type: 'text', text: 'Open the ' }));
    act(() => emit({ type: 'text', text: '[Barolo 2016](kork:wine/w1) tonight.' }));

    const answer = screen.getByTestId('assistant-answer');
    expect(answer.textContent).toContain('Open the Barolo 2016 tonight.');
    expect(within(answer).getByRole('link', { name: 'Barolo 2016' }).getAttribute('href')).toBe(
      '/wine-cellar/wines?wine=w1',
    );
    await act(async () => {
      emit({ type: 'done', messageId: 'm2' });
      finish();
    });

    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText('Answer cut off')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a half answer marked cut off, says §8’s message and resends the question on Try again', async () => {
    signIn(PRIVATE);
    ask.mockImplementationOnce(async (_id, _text, onEvent) => {
      onEvent({ type: 'text', text: 'You have 42 bottles wor' });
      onEvent({ type: 'error', message: 'Sorry, I had trouble connecting. Please try again.' });
    });
    renderWithProviders(<AssistantChat />);

    fireEvent.change(await screen.findByRole('textbox', { name: 'Your question' }), {
      target: { value: 'What is my cellar worth?' },
    });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Your question' }), { key: 'Enter' });

    const answer = await screen.findByTestId('assistant-answer');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sorry, I had trouble connecting. Please try again.');
    expect(answer.textContent).toContain('You have 42 bottles wor');
    expect(within(answer).getByText('Answer cut off')).toBeTruthy();

    ask.mockImplementationOnce(async (_id, _text, onEvent) => {
      onEvent({ type: 'text', text: 'Your cellar is worth NOK 12,400.' });
      onEvent({ type: 'done', messageId: 'm4' });
    });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(screen.getAllByTestId('assistant-answer')).toHaveLength(2));
    expect(ask).toHaveBeenCalledTimes(2);
    expect(ask.mock.calls[1]?.slice(0, 2)).toEqual(['c1', 'What is my cellar worth?']);
    const [first, second] = screen.getAllByTestId('assistant-answer');
    expect(within(first as HTMLElement).getByText('Answer cut off')).toBeTruthy();
    expect(within(second as HTMLElement).queryByText('Answer cut off')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says §8’s message in Norwegian when the connection fails before any answer, and leaves no empty answer', async () => {
    await i18n.changeLanguage('nb');
    signIn(PRIVATE);
    ask.mockRejectedValueOnce(new ApiError('', 0, 'ECONNABORTED'));
    renderWithProviders(<AssistantChat />);

    fireEvent.click(await screen.findByRole('button', { name: 'Hva bør jeg drikke nå?' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Beklager, jeg fikk ikke kontakt. Prøv igjen.');
    expect(within(alert).getByRole('button', { name: 'Prøv igjen' })).toBeTruthy();
    expect(screen.queryAllByTestId('assistant-answer')).toHaveLength(0);
    expect(screen.getByTestId('assistant-question').textContent).toContain('Hva bør jeg drikke nå?');
  });

  it('marks a stream that stops without its end as cut off, never as whole', async () => {
    signIn(PRIVATE);
    ask.mockImplementationOnce(async (_id, _text, onEvent) => {
      onEvent({ type: 'text', text: 'The first three wines are' });
    });
    renderWithProviders(<AssistantChat />);

    fireEvent.click(await screen.findByRole('button', { name: 'What should I drink now?' }));

    expect(await screen.findByText('Answer cut off')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Sorry, I had trouble connecting.');
  });

  it('shows a stored answer that was cut off with the same mark when an earlier conversation opens', async () => {
    signIn(PRIVATE);
    mocks.listConversations.mockResolvedValue({
      rows: [
        {
          id: 'c9',
          title: 'Rioja or Bordeaux for the roast?',
          createdAt: '2026-11-01T10:00:00Z',
          updatedAt: '2026-11-01T10:00:00Z',
          messageCount: 2,
        },
      ],
      count: 1,
    });
    mocks.getConversation.mockResolvedValue({
      id: 'c9',
      title: 'Rioja or Bordeaux for the roast?',
      createdAt: '2026-11-01T10:00:00Z',
      updatedAt: '2026-11-01T10:00:00Z',
      messages: [
        { id: 'm1', role: 'user', text: 'What goes with lamb?', createdAt: '2026-11-01T10:00:00Z' },
        {
          id: 'm2',
          role: 'assistant',
          text: 'Try the Rioja',
          createdAt: '2026-11-01T10:00:01Z',
          cutOff: true,
        },
      ],
    });
    renderWithProviders(<AssistantChat />);

    fireEvent.click(await screen.findByRole('button', { name: 'Earlier conversations' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Rioja or Bordeaux/ }));

    const answer = await screen.findByTestId('assistant-answer');
    expect(answer.textContent).toContain('Try the Rioja');
    expect(within(answer).getByText('Answer cut off')).toBeTruthy();
  });

  it('deletes an earlier conversation only after asking, and lists what is left', async () => {
    signIn(PRIVATE);
    const row = {
      id: 'c9',
      title: 'Rioja or Bordeaux for the roast?',
      createdAt: '2026-11-01T10:00:00Z',
      updatedAt: '2026-11-01T10:00:00Z',
      messageCount: 2,
    };
    mocks.listConversations.mockResolvedValueOnce({ rows: [row], count: 1 });
    mocks.listConversations.mockResolvedValue({ rows: [], count: 0 });
    mocks.deleteConversation.mockResolvedValue(undefined);
    renderWithProviders(<AssistantChat />);

    fireEvent.click(await screen.findByRole('button', { name: 'Earlier conversations' }));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete conversation “Rioja or Bordeaux for the roast?”' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this conversation?' });
    expect(dialog.textContent).toContain(
      '“Rioja or Bordeaux for the roast?” and all its messages will be deleted.',
    );
    expect(mocks.deleteConversation).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('No earlier conversations yet.')).toBeTruthy();
    expect(mocks.deleteConversation).toHaveBeenCalledTimes(1);
    expect(mocks.deleteConversation.mock.calls[0]?.[0]).toBe('c9');
  });

  it('keeps questions within the limit and shows a counter near it', async () => {
    signIn(PRIVATE);
    renderWithProviders(<AssistantChat />);
    const box = await screen.findByRole('textbox', { name: 'Your question' });

    expect(box.getAttribute('maxlength')).toBe('2000');
    expect(screen.queryByText(/of 2,000 characters/)).toBeNull();
    fireEvent.change(box, { target: { value: 'x'.repeat(1700) } });
    expect(screen.getByText('1,700 of 2,000 characters')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(ask).not.toHaveBeenCalled();
  });
});
