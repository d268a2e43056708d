import { ASSISTANT_LIMITS } from '@kork/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { titleOf } from '../conversations/conversation-service';
import { historyOf } from './ask-service';
import { monthlyBudget, monthOf, secondsToNextMonth, withinBudget } from './usage';

afterEach(() => {
  delete process.env.ASSISTANT_MONTHLY_TOKEN_BUDGET;
});

describe('the monthly token budget', () => {
  it('counts by UTC calendar month and opens again on the 1st', () => {
    expect(monthOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(monthOf(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12');
    expect(secondsToNextMonth(new Date('2026-11-30T23:59:00Z'))).toBe(60);
    expect(secondsToNextMonth(new Date('2026-12-31T23:00:00Z'))).toBe(3600);
  });

  it('is a million tokens unless ASSISTANT_MONTHLY_TOKEN_BUDGET says otherwise', () => {
    expect(monthlyBudget()).toBe(ASSISTANT_LIMITS.monthlyTokenBudget);
    process.env.ASSISTANT_MONTHLY_TOKEN_BUDGET = '5000';
    expect(monthlyBudget()).toBe(5000);
    process.env.ASSISTANT_MONTHLY_TOKEN_BUDGET = 'lots';
    expect(monthlyBudget()).toBe(ASSISTANT_LIMITS.monthlyTokenBudget);
  });

  it('lets a question through only while the month is under the budget', () => {
    expect(withinBudget({ month: '2026-11', usedTokens: 999, budgetTokens: 1000 })).toBe(true);
    expect(withinBudget({ month: '2026-11', usedTokens: 1000, budgetTokens: 1000 })).toBe(false);
    expect(withinBudget({ month: '2026-11', usedTokens: 0, budgetTokens: 0 })).toBe(false);
  });
});

describe('a conversation', () => {
  it('is titled by its first question on one line, cut on a word', () => {
    expect(titleOf('  What is\nlow on   stock? ')).toBe('What is low on stock?');
    const long = `Which of my wines ${'from Burgundy and the Rhône '.repeat(5)}should I drink first?`;
    const title = titleOf(long);
    expect(title.length).toBeLessThanOrEqual(ASSISTANT_LIMITS.titleMaxLength);
    expect(title.endsWith('…')).toBe(true);
    expect(long.startsWith(title.slice(0, -1))).toBe(true);
  });

  it('sends the last 12 messages with text as history, oldest first', () => {
    const messages = Array.from({ length: 20 }, (_, i) => ({
      ownerId: 'u',
      conversationId: 'c',
      id: String(i).padStart(2, '0'),
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      text: i === 19 ? '' : `message ${i}`,
      createdAt: '2026-11-29T00:00:00.000Z',
    }));
    const history = historyOf(messages);
    expect(history).toHaveLength(ASSISTANT_LIMITS.historySent);
    // The empty answer (a cut-off one with no text) is left out.
    expect(history[0]).toEqual({ role: 'assistant', text: 'message 7' });
    expect(history.at(-1)).toEqual({ role: 'user', text: 'message 18' });
  });
});
