import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { managementCatalogue } from '@/i18n/management.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { Modal } from '@/components/ui/modal.tsx';

/**
 * A secret the panel made and keeps no readable copy of (a generated password, an API key):
 * shown this once with a copy button and a warning that it will not be shown again.
 */
export function ShownOnceModal({ title, intro, value, item, warning, testId, onClose }: {
  title: string;
  intro: string;
  value: string;
  /** What the copy button copies, for its label. */
  item: string;
  warning: string;
  testId: string;
  onClose: () => void;
}) {
  const managementTexts = useTexts(managementCatalogue);
  return (
    <Modal open title={title} onClose={onClose} closeButton={false} footer={<Button onClick={onClose}>{managementTexts.done}</Button>}>
      <div className="space-y-4" data-testid={testId}>
        <p className="text-sm text-gray-700">{intro}</p>
        <div className="flex items-center gap-2">
          <code data-testid={`${testId}-value`} className="min-w-0 flex-1 rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 font-mono text-base break-all text-gray-900 select-all">
            {value}
          </code>
          <CopyButton value={value} item={item} />
        </div>
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {warning}
        </p>
      </div>
    </Modal>
  );
}

/** A password the panel generated, shown this once. */
export function GeneratedPasswordModal({ login, password, onClose }: { login: string; password: string; onClose: () => void }) {
  const managementTexts = useTexts(managementCatalogue);
  return (
    <ShownOnceModal
      title={managementTexts.generatedTitle}
      intro={managementTexts.generatedFor({ login })}
      value={password}
      item={managementTexts.generatedItem}
      warning={managementTexts.generatedWarning}
      testId="generated-password"
      onClose={onClose}
    />
  );
}
