import { useId } from 'react';
import Languages from 'lucide-react/icons/languages';
import { LANGUAGE_LABELS, LANGUAGES } from '@painel/contract';
import { authCatalogue } from '@/i18n/auth.ts';
import { isLocale } from '@/i18n/locale-store.ts';
import { rememberLocale, setLocale, useLocale, useTexts } from '@/i18n/runtime.ts';

/**
 * The login screen's language: the browser's at first (or the one chosen last here), and this
 * small chooser, each language by its own name. The choice is kept for this browser's next visit;
 * once signed in, the account's setting decides.
 */
export function LanguageChooser() {
  const id = useId();
  const authTexts = useTexts(authCatalogue);
  const locale = useLocale();

  function choose(value: string) {
    if (!isLocale(value)) return;
    rememberLocale(value);
    void setLocale(value);
  }

  return (
    <div className="flex items-center justify-end gap-2 text-sm text-gray-600">
      <Languages className="h-4 w-4 text-gray-400" aria-hidden="true" />
      <label htmlFor={id}>{authTexts.languageLabel}</label>
      <select
        id={id}
        value={locale}
        onChange={(e) => choose(e.target.value)}
        data-testid="login-language"
        className="rounded-lg border border-gray-300 bg-white py-1.5 pr-8 pl-2 text-sm text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none"
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>{LANGUAGE_LABELS[l]}</option>
        ))}
      </select>
    </div>
  );
}
