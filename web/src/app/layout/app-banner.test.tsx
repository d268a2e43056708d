import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/render';
import { APP_BANNER_SEEN_KEY, AppBanner } from './app-banner';

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}

function setViewport(width: number, height: number) {
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height });
}

async function renderBanner() {
  const view = renderWithProviders(<AppBanner />);
  // The banner view is its own chunk: let it arrive.
  await act(async () => {
    await import('./app-banner-view');
  });
  return view;
}

describe('the mobile app banner', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  beforeEach(() => {
    setViewport(390, 844);
  });

  afterEach(() => {
    setViewport(1024, 768);
  });

  it('greets a first-time phone visitor with the app and a way to close it', async () => {
    await renderBanner();

    expect(
      await screen.findByText('Manage your cellar and keep tasting notes wherever you are.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get the app' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close app banner' }));
    expect(screen.queryByText('Get the app')).toBeNull();
  });

  it('is there in the first render, so nothing on the page moves down when it appears', () => {
    renderWithProviders(<AppBanner />);

    expect(screen.getByRole('link', { name: 'Get the app' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close app banner' })).toBeTruthy();
  });

  it('is shown once: the next visit does not see it again', async () => {
    const firstVisit = await renderBanner();
    expect(await screen.findByRole('link', { name: 'Get the app' })).toBeTruthy();
    expect(window.localStorage.getItem(APP_BANNER_SEEN_KEY)).not.toBeNull();
    firstVisit.unmount();

    await renderBanner();

    expect(screen.queryByRole('link', { name: 'Get the app' })).toBeNull();
  });

  it('is not shown on a wide screen, and the phone visit later still gets it', async () => {
    setViewport(1280, 800);
    const desktopVisit = await renderBanner();
    expect(screen.queryByRole('link', { name: 'Get the app' })).toBeNull();
    expect(window.localStorage.getItem(APP_BANNER_SEEN_KEY)).toBeNull();
    desktopVisit.unmount();

    setViewport(390, 844);
    await renderBanner();

    expect(await screen.findByRole('link', { name: 'Get the app' })).toBeTruthy();
  });
});
