import { MantineProvider } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '../components/toaster';
import { i18n } from '../i18n/i18n';
import { cssVariablesResolver, theme } from './theme';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
        {/* Until the visitor's text catalogue has arrived there is nothing to say: the page stays blank. */}
        <Suspense fallback={<div aria-busy="true" />}>
          <Toaster />
          {children}
        </Suspense>
      </MantineProvider>
    </I18nextProvider>
  );
}
