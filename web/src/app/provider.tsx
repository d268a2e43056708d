import { MantineProvider } from '@mantine/core';
import { type ReactNode, Suspense, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '../components/toaster';
import { i18n } from '../i18n/i18n';
import { markFirstScreen } from './after-first-paint';
import { cssVariablesResolver, theme } from './theme';

/** Marks the first commit, whatever it shows, so the parts the first screen does without may load. */
function FirstScreen() {
  useEffect(markFirstScreen, []);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
        <FirstScreen />
        {/* The shell and the landing page's hero paint at once, with texts bundled with the app (i18n.ts);
            a part that needs the full catalogue waits in a boundary of its own. This one is the last
            resort, e.g. for the error page. */}
        <Suspense fallback={<div aria-busy="true" />}>
          <Toaster />
          {children}
        </Suspense>
      </MantineProvider>
    </I18nextProvider>
  );
}
