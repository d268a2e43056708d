import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { RemoveAccountModal } from './remove-account-modal';

function confirmButton(name: string): HTMLButtonElement {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

describe('the account removal confirmation', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('keeps the button disabled until the phrase is typed exactly', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(
      <RemoveAccountModal action="deactivate" opened onClose={() => {}} onConfirm={onConfirm} />,
    );
    const phrase = screen.getByLabelText('Confirmation phrase');

    expect(screen.getByText('DEACTIVATE')).toBeTruthy();
    expect(confirmButton('Deactivate account').disabled).toBe(true);

    for (const attempt of ['DEACTIV', 'deactivate', 'DEACTIVATED']) {
      fireEvent.change(phrase, { target: { value: attempt } });
      expect(confirmButton('Deactivate account').disabled).toBe(true);
    }

    fireEvent.change(phrase, { target: { value: 'DEACTIVATE' } });
    expect(confirmButton('Deactivate account').disabled).toBe(false);

    fireEvent.click(confirmButton('Deactivate account'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('DEACTIVATE'));
  });

  it('asks for the phrase of the visitor’s language', async () => {
    await i18n.changeLanguage('nb');
    renderWithProviders(<RemoveAccountModal action="delete" opened onClose={() => {}} onConfirm={vi.fn()} />);

    fireEvent.change(screen.getByLabelText('Bekreftelsesfrase'), { target: { value: 'DELETE' } });
    expect(confirmButton('Slett kontoen').disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Bekreftelsesfrase'), { target: { value: 'SLETT' } });
    expect(confirmButton('Slett kontoen').disabled).toBe(false);
  });

  it('shows why the removal failed and stays open', async () => {
    const onConfirm = vi.fn().mockRejectedValue(new Error('offline'));
    renderWithProviders(
      <RemoveAccountModal action="delete" opened onClose={() => {}} onConfirm={onConfirm} />,
    );

    fireEvent.change(screen.getByLabelText('Confirmation phrase'), { target: { value: 'DELETE' } });
    fireEvent.click(confirmButton('Delete account'));

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Error occurred. Please try again.',
    );
  });
});
