import { Logo } from '@/components/ui/logo.tsx';
import { AccountHelp } from './account-help.tsx';
import { LoginForm } from './login-form.tsx';
import { MarketingPanel } from './marketing-panel.tsx';
import { authTexts } from '@/i18n/pt-BR/auth.ts';

/** /login: split layout, marketing on the left, the form on the right. */
export function LoginPage() {
  return (
    <div className="flex min-h-screen bg-white">
      <MarketingPanel />
      <main className="flex flex-1 items-center justify-center bg-gray-50 px-6 py-12 sm:px-10">
        <div className="w-full max-w-md space-y-8">
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
