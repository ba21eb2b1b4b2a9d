import { useId } from 'react';
import { managementCatalogue } from '@/i18n/management.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { useServers } from '../api/servers.ts';
import { fieldClass } from './plan-fields.tsx';

/**
 * The operator's choice of server for a new account: 'Automático' (the online server with the
 * most free capacity, the server's rule) or one of the registered servers. `value` '' is automatic.
 */
export function ServerSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const adminTexts = useTexts(managementCatalogue).admin;
  const id = useId();
  const servers = useServers({ live: false });
  const list = servers.data?.servidores ?? [];
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">{adminTexts.serverLabel}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={fieldClass} data-testid="server-select">
        <option value="">{adminTexts.serverAuto}</option>
        {list.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {(s.online ? adminTexts.serverOption : adminTexts.serverOptionOffline)({ id: s.id, host: s.host })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The create call's field: absent for automatic. */
export const serverChoiceOf = (value: string): { codigo_servidor?: number } => (value ? { codigo_servidor: Number(value) } : {});
