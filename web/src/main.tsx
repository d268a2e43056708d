// Mantine's reset, theme variables and global classes only: each component's styles come with the code
// that uses it (app/styles/component-styles.ts), so the first paint waits for none of them. Layered
// (`@layer mantine`), so the app's own styles win whatever order the files arrive in.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterFirstPaint } from './app/after-first-paint';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (pages that open offline) registers once the first screen is painted.
void afterFirstPaint()
  .then(() => import('./lib/service-worker'))
  .then(({ registerServiceWorker }) => registerServiceWorker());
