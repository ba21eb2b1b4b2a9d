import { useId, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import type { ServerSummary } from '@painel/contract';
import { managementCatalogue } from '@/i18n/management.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useSetServerEdge } from '../api/servers.ts';
import { fieldClass } from './plan-fields.tsx';
import { FormModal } from './form-modal.tsx';

/**
 * 'Edge HLS' of a server: the address of the nginx cache (`./painel edge`) its accounts' players
 * pull the live HLS through; empty, they pull it from the server itself.
 */
export function ServerEdgeModal({ server, onClose }: { server: ServerSummary; onClose: () => void }) {
  const adminTexts = useTexts(managementCatalogue).admin;
  const formId = useId();
  const [edge, setEdge] = useState(server.edge_url ?? '');
  const save = useSetServerEdge();

  function onSubmit() {
    save.mutate({ id: server.id, edge_url: edge.trim() }, {
      onSuccess: () => {
        toast.success(textsNow(managementCatalogue).admin.serverEdgeSaved({ id: server.id }));
        onClose();
      },
      onError: (err) => toast.error(errorMessage(err, textsNow(managementCatalogue).actionError)),
    });
  }

  return (
    <FormModal
      formId={formId}
      title={adminTexts.serverEdgeTitle({ id: server.id })}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={save.isPending}
      submitLabel={adminTexts.serverEdgeSubmit}
      pendingLabel={adminTexts.serverEdgeSaving}
      formClassName="space-y-2"
    >
      <label htmlFor={`${formId}-edge`} className="block text-sm font-medium text-gray-700">{adminTexts.serverEdgeLabel}</label>
      <input
        id={`${formId}-edge`}
        type="url"
        inputMode="url"
        placeholder={adminTexts.serverEdgePlaceholder}
        value={edge}
        onChange={(e) => setEdge(e.target.value)}
        aria-describedby={`${formId}-hint`}
        className={fieldClass}
      />
      <p id={`${formId}-hint`} className="text-xs text-gray-500">{adminTexts.serverEdgeHint}</p>
    </FormModal>
  );
}
