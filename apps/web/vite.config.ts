import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = 'http://localhost:3001';

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
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
