import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import Lock from 'lucide-react/icons/lock';
import LogIn from 'lucide-react/icons/log-in';
import Mail from 'lucide-react/icons/mail';
import type { LoginBody } from '@painel/contract';
import { authCatalogue } from '@/i18n/auth.ts';
import { commonCatalogue } from '@/i18n/common.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { startCatalogue } from '@/i18n/start.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { toast } from '@/lib/toast.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useLogin } from '../api/login.ts';

const inputClass =
  'block w-full rounded-lg border bg-white py-3 pl-10 text-gray-900 placeholder:text-gray-400 ' +
  'focus:outline-none focus:ring-2 focus:ring-blue-500 focus:border-blue-500';

type Field = keyof LoginBody;
/** Each field's refusal, by its message's name, written when shown so it follows the panel's language. */
type FieldErrors = Partial<Record<Field, 'loginRequired' | 'passwordRequired'>>;

/**
 * The form checked as the contract's loginBody checks it, by hand so the screen needs no zod:
 * the login trimmed, neither field empty. The values to send, or each field's refusal; what only
 * the server decides (a value too long) is its answer, shown like a wrong password.
 */
function checkLogin(values: LoginBody): { body: LoginBody } | { errors: FieldErrors } {
  const body = { email: values.email.trim(), password: values.password };
  const errors: FieldErrors = {};
  if (!body.email) errors.email = 'loginRequired';
  if (!body.password) errors.password = 'passwordRequired';
  return errors.email || errors.password ? { errors } : { body };
}

export function LoginForm() {
  const commonTexts = useTexts(commonCatalogue);
  const authTexts = useTexts(authCatalogue);
  const startTexts = useTexts(startCatalogue);
  const id = useId();
  const emailId = `${id}-email`;
  const passwordId = `${id}-password`;
  const [showPassword, setShowPassword] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const loginMutation = useLogin();

  // checked on submit only; the first field in error takes the focus
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkLogin({ email: emailInput.current?.value ?? '', password: passwordInput.current?.value ?? '' });
    if ('errors' in checked) {
      setErrors(checked.errors);
      (checked.errors.email ? emailInput : passwordInput).current?.focus();
      return;
    }
    setErrors({});
    setServerError(null);
    loginMutation.mutate(checked.body, {
      onSuccess: () => {
        toast.dismiss(); // earlier failures no longer apply
        toast.success(textsNow(startCatalogue).loginSuccess);
        navigate('/dashboard', { replace: true });
      },
      onError: (error) => {
        const text = errorMessage(error, textsNow(startCatalogue).loginFailed);
        setServerError(text);
        toast.error(text);
      },
    });
  };

  // a field's message goes away as soon as that field is edited
  const editing = (field: Field) => () => {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    setServerError(null);
  };

  const busy = loginMutation.isPending;
  const emailError = errors.email && startTexts[errors.email];
  const passwordError = errors.password && startTexts[errors.password];

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div>
        <label htmlFor={emailId} className="mb-1.5 block text-sm font-medium text-gray-700">
          {authTexts.emailLabel}
        </label>
        <div className="relative">
          <Mail className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-gray-400" aria-hidden="true" />
          <input
            id={emailId}
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={authTexts.emailPlaceholder}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${emailId}-error` : undefined}
            className={cn(inputClass, 'pr-3', emailError ? 'border-red-400' : 'border-gray-300')}
            ref={emailInput}
            name="email"
            onChange={editing('email')}
          />
        </div>
        {emailError && (
          <p id={`${emailId}-error`} className="mt-1.5 text-sm text-red-600">
            {emailError}
          </p>
        )}
      </div>

      <div>
        <label htmlFor={passwordId} className="mb-1.5 block text-sm font-medium text-gray-700">
          {commonTexts.password}
        </label>
        <div className="relative">
          <Lock className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-gray-400" aria-hidden="true" />
          <input
            id={passwordId}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            placeholder={authTexts.passwordPlaceholder}
            aria-invalid={passwordError || serverError ? true : undefined}
            aria-describedby={
              [passwordError && `${passwordId}-error`, serverError && `${passwordId}-server`].filter(Boolean).join(' ') ||
              undefined
            }
            className={cn(inputClass, 'pr-11', passwordError || serverError ? 'border-red-400' : 'border-gray-300')}
            ref={passwordInput}
            name="password"
            onChange={editing('password')}
          />
          <button
            type="button"
            onClick={() => setShowPassword((v) => !v)}
            aria-label={showPassword ? authTexts.hidePassword : authTexts.showPassword}
            aria-controls={passwordId}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1.5 text-gray-400 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-blue-500"
          >
            {showPassword ? <EyeOff className="h-5 w-5" aria-hidden="true" /> : <Eye className="h-5 w-5" aria-hidden="true" />}
          </button>
        </div>
        {passwordError && (
          <p id={`${passwordId}-error`} className="mt-1.5 text-sm text-red-600">
            {passwordError}
          </p>
        )}
        {serverError && (
          <p id={`${passwordId}-server`} role="alert" className="mt-1.5 text-sm text-red-600">
            {serverError}
          </p>
        )}
      </div>

      <button
        type="submit"
        disabled={busy}
        className="flex w-full items-center justify-center gap-2 rounded-lg bg-gradient-to-r from-blue-600 to-violet-600 px-4 py-3 font-semibold text-white shadow-lg shadow-blue-600/20 transition hover:from-blue-700 hover:to-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {busy ? <Spinner /> : <LogIn className="h-5 w-5" aria-hidden="true" />}
        {busy ? authTexts.submitting : authTexts.submit}
      </button>
    </form>
  );
}
