import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startLocale } from './i18n/runtime.ts';
import './index.css';

// the language before the account's settings are read: this browser's last choice, or its own language
startLocale();

const root = document.getElementById('root');
if (!root) throw new Error('#root not found');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
