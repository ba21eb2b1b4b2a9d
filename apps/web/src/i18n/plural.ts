/**
 * Plural forms of one language for the catalogues' texts with a count, by the language's own
 * rules (Intl.PluralRules): `count(2, 'video', 'videos')` → '2 videos'. Shared with the server's
 * error messages in @painel/contract.
 */
export { plurals } from '@painel/contract/server-errors/texts';
