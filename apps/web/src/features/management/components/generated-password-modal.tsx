import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { managementCatalogue } from '@/i18n/management.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { Modal } from '@/components/ui/modal.tsx';

/** A password the panel generated, shown this once with a copy button and a warning that it will not be shown again. */
export function GeneratedPasswordModal({ login, password, onClose }: { login: string; password: string; onClose: () => void }) {
  const managementTexts = useTexts(managementCatalogue);
  return (
    <Modal
      open
      title={managementTexts.generatedTitle}
      onClose={onClose}
      closeButton={false}
      footer={<Button onClick={onClose}>{managementTexts.done}</Button>}
    >
      <div className="space-y-4" data-testid="generated-password">
        <p className="text-sm text-gray-700">{managementTexts.generatedFor({ login })}</p>
        <div className="flex items-center gap-2">
          <code data-testid="generated-password-value" className="min-w-0 flex-1 rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 font-mono text-base break-all text-gray-900 select-all">
            {password}
          </code>
          <CopyButton value={password} item={managementTexts.generatedItem} />
        </div>
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {managementTexts.generatedWarning}
        </p>
      </div>
    </Modal>
  );
}
