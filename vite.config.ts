import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app: index.html at the repo root, sources in src/web, built into dist/web where the
// API server serves it. In development (`npm run dev`) the API runs separately on API_PORT.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The repo root has no public/ folder; say so, rather than have Vite copy one if it appears.
  publicDir: false,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) },
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // scripts/bench-web.mjs reads the manifest to measure the home page's initial JavaScript.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': { target: `http://localhost:${process.env.API_PORT ?? 5001}`, changeOrigin: false },
    },
  },
});
