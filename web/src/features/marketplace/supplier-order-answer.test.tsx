import type { SupplierOrderView } from '@kork/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { SupplierOrderAnswer } from './supplier-order-answer';

const VIEW: SupplierOrderView = {
  ownerId: 'owner-1',
  orderId: 'order-1',
  supplierId: 'sup-a',
  supplierName: 'Vinimport AS',
  buyerName: 'Bistro',
  buyerEmail: 'bistro@example.com',
  billing: {
    organizationNumber: '923609016',
    invoiceMethod: 'ehf',
    name: 'Bistro AS',
    street: 'Gate 1',
    postalCode: '0150',
    city: 'Oslo',
  },
  delivery: { recipient: 'Bistro', street: 'Gate 1', postalCode: '0150', city: 'Oslo' },
  placedAt: '2026-11-20T10:00:00.000Z',
  status: 'placed',
  supplierState: 'waiting',
  lines: [
    {
      lineId: 'l1',
      wineDisplayName: 'Barolo 2019',
      units: 12,
      unitCost: 300,
      answer: { state: 'waiting', orderedUnits: 12 },
    },
  ],
  totalCost: 3600,
  currency: 'NOK',
  version: 1,
  closed: false,
};

/** The page's part: the view it holds, replaced by the answer's or reloaded after a conflict. */
function Harness({ answer }: { answer: (view: SupplierOrderView) => Promise<SupplierOrderView> }) {
  const [view, setView] = useState(VIEW);
  return (
    <SupplierOrderAnswer
      view={view}
      onAnswer={async () => {
        try {
          const next = await answer(view);
          setView(next);
          return next;
        } catch (error) {
          setView({ ...view, version: view.version + 1 });
          throw error;
        }
      }}
    />
  );
}

describe('the supplier answer form', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('sends the confirmed lines, then shows the answer and a way to change it', async () => {
    const answer = vi.fn(async (view: SupplierOrderView) => ({
      ...view,
      supplierState: 'answered' as const,
      version: 2,
      lines: view.lines.map((line) => ({ ...line, answer: { ...line.answer, state: 'confirmed' as const } })),
    }));
    renderWithProviders(<Harness answer={answer} />);
    expect(screen.getByRole('button', { name: 'Send answer' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Your answer was sent. The buyer has been told.')).toBeTruthy();
    expect(answer).toHaveBeenCalledOnce();
    expect(screen.getByText('Confirmed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change the answer' })).toBeTruthy();
  });

  it('says so when the order changed meanwhile', async () => {
    const answer = vi.fn(async () => {
      throw new ApiError('The order was changed since you opened it: reload to see it', 409, 'CONFLICT');
    });
    renderWithProviders(<Harness answer={answer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(screen.getByText(/The order changed since you opened it/)).toBeTruthy());
  });

  it('keeps a closed order read-only', () => {
    renderWithProviders(<SupplierOrderAnswer view={{ ...VIEW, closed: true }} onAnswer={vi.fn()} />);
    expect(screen.getByText('This order is closed: it can no longer be answered.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send answer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm all' })).toBeNull();
  });
});
