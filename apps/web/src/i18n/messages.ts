import { msg } from '@painel/contract';
import { defineTexts } from './store.ts';

/** The messages the server and the panel share (toasts, confirmations), in the panel's language. */
export const messageCatalogue = defineTexts('messages', msg);
