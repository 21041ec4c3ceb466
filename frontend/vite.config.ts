import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on its own port; the browser still calls /api, /media/ and /socket.io on this one.
// Only /media/ files go to the API: /media alone is the Media page.
const api = 'http://localhost:3000';

/**
 * `vite build` makes two things: the pages for browsers (dist/client) and the renderer the API
 * uses to draw visitors' pages on the server (dist/server). One stylesheet for the whole site, so a
 * page drawn on the server is styled before its code arrives.
 */
export default defineConfig(({ command }) => {
  // A build is for serving, whatever NODE_ENV the shell has (`NODE_ENV=development npm start`): the server
  // renderer bundles React's production build, which has no development JSX runtime (`jsxDEV`).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [
      react(),
      {
        // A visitor's page arrives drawn: its code only wakes it. On a slow line the fonts and the pictures on the
        // first screen come first, and the code after them (Lighthouse: Home first painted at 1.0 to 1.4 s, not 2.2 s).
        name: 'gather:code-after-first-screen',
        transformIndexHtml: {
          order: 'post',
          handler: (html: string) =>
            html.replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" '),
        },
      },
    ],
    server: { proxy: { '/api': api, '^/media/': api, '/socket.io': { target: api, ws: true } } },
    builder: {},
    build: { cssCodeSplit: false },
    environments: {
      client: {
        build: {
          outDir: 'dist/client',
          // What every page needs at start in one file: a phone on a slow line pays one request, not fifteen.
          rollupOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'start', tags: ['$initial'] },
                  // The words and limits pages show, kept apart from the schemas (and zod) they share a package with.
                  { name: 'contracts-values', test: /contracts\/src\/.*-values\.ts$/ },
                ],
              },
            },
          },
        },
      },
      // Self-contained, with React's production build: the API loads it from wherever the pages were built.
      ssr: {
        resolve: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: { outDir: 'dist/server', copyPublicDir: false, rollupOptions: { input: 'src/entry-server.tsx' } },
      },
    },
  };
});
