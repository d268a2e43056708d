import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

// What CloudFront compresses at the edge: text types from 1,000 bytes up.
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|map|ico|ttf|otf)$/;
const MIN_COMPRESS_BYTES = 1000;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `.br` and `.gz` beside each compressible file of the build, once, at the highest levels, so the
 * local origin serves the encodings CloudFront serves without compressing on every request. A copy that
 * is not smaller is left out. The cloud deployment leaves these copies out (web-stack.ts).
 */
function precompress(): Plugin {
  return {
    name: 'kork:precompress',
    apply: 'build',
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(options) {
        const dir = options.dir;
        if (!dir) return;
        const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
          .map((entry) => join(entry.parentPath, entry.name));
        await Promise.all(
          files.map(async (file) => {
            const source = await readFile(file);
            if (source.length < MIN_COMPRESS_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzipped(source, { level: zlib.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < source.length) await writeFile(`${file}.br`, br);
            if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}

/**
 * The service worker: the built app precached, so a page opened once (a count sheet in a cellar without a
 * network) opens again offline; every navigation answered with index.html except the API and images.
 * Nothing of /api is cached here: the count sheet keeps its own copy in IndexedDB. Registered by the app
 * after its first paint (lib/service-worker.ts). Each build precaches other hashes, so it is a new worker,
 * which takes over at once and drops the old precache.
 */
const PRECACHE_MAX_FILE_BYTES = 300 * 1024;

function serviceWorker(): Plugin[] {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'autoUpdate',
    injectRegister: false,
    manifest: false,
    filename: 'sw.js',
    workbox: {
      globPatterns: ['**/*.{js,css,html,woff2,svg}'],
      // Pages that only make sense online, and large libraries only they load, stay out of the precache.
      globIgnores: [
        '**/node_modules/**',
        'sw.js',
        'workbox-*.js',
        'assets/exceljs*.js',
        'assets/sales-analytics-page-*.js',
        'assets/wine-lists-page-*.js',
        'assets/embed-*.js',
      ],
      navigateFallback: '/index.html',
      // `/l/…`: the guest's list page is the server's HTML (functions/src/wine-lists/list-page-html.ts).
      navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/img(?:\/|$)/, /^\/_dev(?:\/|$)/, /^\/l\//],
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      // Any file larger than this is left to the network (charts, spreadsheet export), without failing the
      // build the way workbox's own size limit does.
      maximumFileSizeToCacheInBytes: 10 * 1024 * 1024,
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.filter((entry) => entry.size <= PRECACHE_MAX_FILE_BYTES),
          warnings: [],
        }),
      ],
    },
  });
}

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react(), serviceWorker(), precompress()],
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
        // Seven hash characters (42 bits, the fewest the bundler allows for this many chunks) instead of eight: the first load's map of what each lazy page
        // preloads names every chunk and style sheet, and it grows with each page.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
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
