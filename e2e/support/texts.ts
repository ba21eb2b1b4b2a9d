import { compileTexts, type Texts } from '../../apps/web/src/i18n/compile.ts';

/** A catalogue of the panel as a page shows it in pt-BR (the spec's texts), its messages formatted with their values. */
export function ptBR<T>(catalogue: T): Texts<T> {
  return compileTexts(catalogue, 'pt-BR');
}
