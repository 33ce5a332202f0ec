/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * vite-plugin-pwa links its manifest (the editor's, scope /editor/) into every page it builds. The
 * learner player is its own installable app under /viewer/: its page links public/viewer.webmanifest
 * instead (issue 34 item 8). Runs after the PWA plugin's own post transform.
 */
const VIEWER_MANIFEST = '/editor/viewer.webmanifest';
function viewerManifest(): Plugin {
  return {
    name: 'flowlearn:viewer-manifest',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.path.endsWith('src/player/index.html')) return html;
        const link = `<link rel="manifest" href="${VIEWER_MANIFEST}">`;
        const own = html.replace(/<link rel="manifest"[^>]*>/, link);
        return own.includes(link) ? own : html.replace('</head>', `${link}</head>`);
      },
    },
  };
}

/**
 * `npm run dev` answers the page paths as `npm start` does (src/server/http/static-client.ts):
 * /editor without its slash, and every /viewer path as the learner player's page.
 */
function devPages(): Plugin {
  return {
    name: 'flowlearn:dev-pages',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0];
        const redirect = { '/editor': '/editor/', '/viewer': '/viewer/join' }[path];
        if (redirect) {
          res.statusCode = 302;
          res.setHeader('Location', redirect);
          res.end();
          return;
        }
        // The page's own relative script (./main.tsx) resolves under /viewer/ too.
        if (path.startsWith('/viewer/'))
          req.url = /\.\w+$/.test(path)
            ? `/editor/src/player/${path.split('/').pop()}`
            : '/editor/src/player/index.html';
        next();
      });
    },
  };
}

export default defineConfig({
  base: '/editor/',
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      includeManifestIcons: false,
      manifest: {
        name: 'Flowlearn',
        short_name: 'Flowlearn',
        description: 'Author, run and analyse AI-driven learning flows.',
        start_url: '/editor/',
        scope: '/editor/',
        display: 'standalone',
        theme_color: '#3b4bd8',
        background_color: '#f6f7fb',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'locales/**/*.json'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    viewerManifest(),
    devPages(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // Two pages: the editor (index.html) and the learner player under /viewer, its own light entry.
    rollupOptions: { input: { main: 'index.html', viewer: 'src/player/index.html' } },
  },
  server: { proxy: { '/api': { target: 'http://localhost:8787', changeOrigin: false } } },
  test: {
    // Generous limits: CI and benches share 2 cores, and a slow machine is not a failing product.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          globalSetup: ['tests/global-setup.ts'],
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'happy-dom',
          include: ['tests/components/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/components/setup.ts'],
        },
      },
    ],
  },
});
