import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../app/theme';
import { i18n } from '../i18n/i18n';

interface RenderOptions {
  /** The URL the screen is rendered at. */
  route?: string;
}

/**
 * Renders a piece of the app the way the app does: Kork's theme (with `env="test"`, which turns off
 * transitions and portals), the i18n catalogues and a router. Tests set the language first
 * (`await i18n.changeLanguage('en')`), which also loads its catalogue.
 */
export function renderWithProviders(ui: ReactElement, { route = '/' }: RenderOptions = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </MantineProvider>
    </I18nextProvider>,
  );
}
