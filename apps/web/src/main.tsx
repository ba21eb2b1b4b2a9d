import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startLocale, translationsReady } from './i18n/store.ts';
import './index.css';

// the language before the account's settings are read: this browser's last choice, or its own language
startLocale();

const root = document.getElementById('root');
if (!root) throw new Error('#root not found');

// the first screen is drawn with its texts: in a language other than pt-BR, once they have loaded
void translationsReady().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
