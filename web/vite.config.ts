import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API lives on the same origin in production (query-api serves this build); in development
// the command/query process listens on :3000 and Vite forwards /api to it.
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // query-api reads dist/.vite/manifest.json to find the public card page's hashed script and CSS.
    manifest: true,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        // The public card page (/p/{cardId}) is rendered by query-api; this is its small enhancement script.
        'public-card': fileURLToPath(new URL('./src/public-card/main.ts', import.meta.url)),
      },
      output: {
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs|redux|react-redux|redux-thunk|immer|reselect|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
