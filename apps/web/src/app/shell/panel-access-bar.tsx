import type { User } from '@painel/contract';
import { shellCatalogue } from '@/i18n/shell.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { clearToken, leavePanel } from '@/lib/token.ts';

/**
 * On every page of a streaming's panel entered by its reseller (or the operator): whose panel
 * this is, and the way back to the reseller's own. The entered session lives in this tab only
 * (lib/token.ts); coming back drops it and reloads the panel in the reseller's session.
 */
export function PanelAccessBar({ user }: { user: User | null | undefined }) {
  const shellTexts = useTexts(shellCatalogue);
  if (!user?.acessado_por) return null;
  const back = () => {
    if (!leavePanel()) clearToken();
    window.location.assign('/dashboard/streamings');
  };
  return (
    <div role="status" data-testid="panel-access-bar" className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 bg-amber-100 px-4 py-2 text-sm text-amber-950">
      <span>{shellTexts.accessingAs({ name: user.nome })}</span>
      <span aria-hidden="true">—</span>
      <button type="button" onClick={back} className="font-semibold underline underline-offset-2 hover:text-amber-800 focus-visible:outline-2 focus-visible:outline-amber-700">
        {shellTexts.backToReseller}
      </button>
    </div>
  );
}
