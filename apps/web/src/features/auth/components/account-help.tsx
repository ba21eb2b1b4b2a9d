import { authCatalogue } from '@/i18n/auth.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { startCatalogue } from '@/i18n/start.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { SUPPORT_EMAIL } from '@/lib/config.ts';
import { toast } from '@/lib/toast.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { useRegister } from '../api/register.ts';

/**
 * Registration and recovery are refused for everyone: the buttons ask the server
 * anyway, so the refusal comes from one place, and show its reason.
 */
export function AccountHelp() {
  const authTexts = useTexts(authCatalogue);
  const startMsg = useTexts(startCatalogue);
  const registerMutation = useRegister();
  const recoveryMutation = useForgotPassword();

  const refuse = (fallback: string) => ({
    onSettled: (_data: unknown, error: Error | null) => toast.error(errorMessage(error, fallback)),
  });

  const linkClass =
    'text-sm font-medium text-blue-600 hover:text-blue-800 hover:underline disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-blue-500 rounded';

  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between gap-4">
        <button
          type="button"
          className={linkClass}
          disabled={recoveryMutation.isPending}
          onClick={() => recoveryMutation.mutate(undefined, refuse(startMsg.recoveryRefused))}
        >
          {authTexts.forgotPassword}
        </button>
        <button
          type="button"
          className={linkClass}
          disabled={registerMutation.isPending}
          onClick={() => registerMutation.mutate(undefined, refuse(startMsg.registrationRefused))}
        >
          {authTexts.createAccount}
        </button>
      </div>
      <p className="border-t border-gray-200 pt-6 text-center text-sm">
        <a href={`mailto:${SUPPORT_EMAIL}`} className="text-gray-500 hover:text-blue-700 hover:underline">
          {authTexts.help}
        </a>
      </p>
    </div>
  );
}
