import { useState } from 'react';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { commonCatalogue } from '@/i18n/common.ts';
import { connectionDataCatalogue } from '@/i18n/connection-data.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { CopyButton } from '@/components/ui/copy-button.tsx';

const MASK = '••••••••••••';

/**
 * A value in monospace with its copy button; a secret one is masked until shown
 * (the toggle is a pressed/unpressed button named 'Mostrar {item}' / 'Ocultar {item}').
 */
export function DataValue({ value, item, secret = false, testId }: { value: string; item: string; secret?: boolean; testId?: string }) {
  const commonTexts = useTexts(commonCatalogue);
  const connectionDataTexts = useTexts(connectionDataCatalogue);
  const [visible, setVisible] = useState(!secret);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <code
        data-testid={testId}
        className="min-w-0 flex-1 truncate rounded-lg bg-gray-50 px-3 py-2 font-mono text-sm text-gray-900 ring-1 ring-gray-200"
        title={visible ? value : undefined}
      >
        {visible ? value : <span aria-label={connectionDataTexts.hiddenValue({ item })}>{MASK}</span>}
      </code>
      {secret && (
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? commonTexts.hideItem({ label: item }) : commonTexts.showItem({ label: item })}
          aria-pressed={visible}
          title={visible ? commonTexts.hideItem({ label: item }) : commonTexts.showItem({ label: item })}
          className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg border border-gray-200 bg-white text-gray-600 hover:bg-gray-50 hover:text-blue-600 focus-visible:outline-2 focus-visible:outline-blue-500"
        >
          {visible ? <EyeOff className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
        </button>
      )}
      <CopyButton value={value} item={item} />
    </div>
  );
}
