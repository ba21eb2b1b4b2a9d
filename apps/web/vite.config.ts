import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { CATALOGUE_FILE, precompileCatalogue } from './src/i18n/precompile.ts';
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

/**
 * The catalogues' ICU messages (`icu('…')` in src/i18n/<language>/*.ts) parsed at build time: each
 * call also receives the message's syntax tree, which FormatJS formats directly, so the browser
 * never loads the ICU parser (aliased below to its parser-free build). A message that does not
 * parse fails the build.
 */
function precompileMessages(): Plugin {
  return {
    name: 'precompile-icu-messages',
    enforce: 'pre',
    transform(code, id) {
      return CATALOGUE_FILE.test(id) && code.includes('icu') ? precompileCatalogue(code).code : undefined;
    },
  };
}

export default defineConfig({
  plugins: [precompileMessages(), react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: decodeURIComponent(new URL('./src', import.meta.url).pathname) },
      // every message arrives parsed (precompileMessages): the formatter needs no parser
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
    ],
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
