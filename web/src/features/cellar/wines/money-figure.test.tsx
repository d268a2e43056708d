import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoneyFigure } from './money-figure';

/** Testing Library reads Intl's no-break spaces as plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('a money total', () => {
  it('shows a large total in whole kroner with its short form beside it and the exact amount as tooltip', () => {
    const { container } = render(<MoneyFigure minor={123456789} currency="NOK" locale="nb" />);

    const whole = screen.getByText('1 234 568 kr');
    expect(whole.getAttribute('aria-hidden')).toBeNull();
    const compact = screen.getByText('1,2 mill. kr');
    // The short form is for the eye only: screen readers keep the whole amount.
    expect(compact.getAttribute('aria-hidden')).toBe('true');
    expect(plain(container.firstElementChild?.getAttribute('title'))).toBe('1 234 567,89 kr');
  });

  it('writes the short form the English way', () => {
    render(<MoneyFigure minor={123456789} currency="NOK" locale="en" />);

    expect(screen.getByText('NOK 1,234,568')).toBeTruthy();
    expect(screen.getByText('NOK 1.2M')).toBeTruthy();
  });

  it('has no short form for an amount that is short already', () => {
    const { container } = render(<MoneyFigure minor={83117} currency="NOK" locale="en" />);

    expect(screen.getByText('NOK 831')).toBeTruthy();
    expect(container.querySelectorAll('[aria-hidden]')).toHaveLength(0);
    expect(plain(container.firstElementChild?.getAttribute('title'))).toBe('NOK 831.17');
  });
});
