import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig } from 'vite';

const webRoot = new URL('.', import.meta.url).pathname;

// Libraries the shell needs in full go to their own chunks, so a deploy that only changes app code keeps
// them cached. Mantine is left to automatic splitting: a group would pull the components that only lazy
// pages use (drawers, cards) into the first load, and every page is a lazy route to keep that small.
const vendorChunks: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
  { name: 'i18next', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
  // Scroll locking is needed only by drawers and modals; kept apart so it is not merged into the shell.
  {
    name: 'scroll-lock',
    test: /node_modules[\\/](react-remove-scroll|react-remove-scroll-bar|use-sidecar|react-style-singleton|use-callback-ref|get-nonce|tslib)[\\/]/,
  },
];

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react()],
  css: {
    postcss: { plugins: [postcssPresetMantine()] },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // `@kork/shared` is pure domain code, but its schemas are built at module level, which a bundler must
      // otherwise keep: the shell imports a few constants from its index, and that brought every module
      // behind the index, the account schemas and zod with them, into the first load.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: vendorChunks.map(({ name, test }) => ({ name, test })),
        },
      },
    },
  },
  server: {
    // During `vite` development the API runs on the local stack; the browser still sees one origin.
    proxy: { '/api': 'http://localhost:3000', '/img': 'http://localhost:3000' },
  },
});
