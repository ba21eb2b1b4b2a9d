import { startMsg } from '@painel/contract';
import { defineTexts } from './store.ts';

/** Signing in and out, the session and the error screen: what the login page needs of the messages. */
export const startCatalogue = defineTexts('start', startMsg);
