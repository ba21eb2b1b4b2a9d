import { Logo } from '@/components/ui/logo.tsx';
import { authCatalogue } from '@/i18n/auth.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { AccountHelp } from './account-help.tsx';
import { LanguageChooser } from './language-chooser.tsx';
import { LoginForm } from './login-form.tsx';
import { MarketingPanel } from './marketing-panel.tsx';

/** /login: split layout, marketing on the left, the form on the right. */
export function LoginPage() {
  const authTexts = useTexts(authCatalogue);
  return (
    <div className="flex min-h-screen bg-white">
      <MarketingPanel />
      <main className="flex flex-1 items-center justify-center bg-gray-50 px-6 py-12 sm:px-10">
        <div className="w-full max-w-md space-y-8">
          <LanguageChooser />
          <div className="flex flex-col items-center text-center">
            <Logo className="h-14 w-14" />
            <h1 className="mt-6 text-3xl font-bold tracking-tight text-gray-900">{authTexts.title}</h1>
            <p className="mt-2 text-gray-600">{authTexts.subtitle}</p>
          </div>
          <div className="space-y-6 rounded-2xl border border-gray-100 bg-white p-6 shadow-xl shadow-gray-200/60 sm:p-8">
            <LoginForm />
            <AccountHelp />
          </div>
        </div>
      </main>
    </div>
  );
}
