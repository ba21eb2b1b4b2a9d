import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = 'http://localhost:3001';
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Two pages: the panel (index.html) and the channel's published app (webapp.html, served by the
 * API at /webapp/{login}/). The app's service worker is its own entry with a fixed name
 * (webapp-sw.js) that the API serves at /webapp/{login}/sw.js; it imports nothing, so it stays
 * one classic script.
 */
const SERVICE_WORKER = 'webapp-sw';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  server: {
    proxy: {
      '/api': api,
      '/hls': api,
      '/content': api,
      '/webapp': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: { index: here('./index.html'), webapp: here('./webapp.html'), [SERVICE_WORKER]: here('./src/webapp/sw.ts') },
      output: {
        entryFileNames: (chunk) => (chunk.name === SERVICE_WORKER ? `${SERVICE_WORKER}.js` : 'assets/[name]-[hash].js'),
      },
    },
  },
});
