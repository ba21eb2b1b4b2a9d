import { useId } from 'react';
import { managementCatalogue } from '@/i18n/management.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { useServers } from '../api/servers.ts';
import { fieldClass } from './plan-fields.tsx';

/**
 * The operator's choice of server for a new account: 'Automático' (the online server with the
 * most free capacity, the server's rule) or one of the registered servers. `value` '' is automatic.
 * With `except` (a move's target): only the online servers other than that one, and '' is no choice yet.
 */
export function ServerSelect({ value, onChange, except, label }: { value: string; onChange: (value: string) => void; except?: number; label?: string }) {
  const managementTexts = useTexts(managementCatalogue);
  const adminTexts = managementTexts.admin;
  const id = useId();
  const servers = useServers({ live: except !== undefined });
  const all = servers.data?.servidores ?? [];
  const list = except === undefined ? all : all.filter((s) => s.online && s.id !== except);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">{label ?? adminTexts.serverLabel}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={fieldClass} data-testid="server-select">
        <option value="" disabled={except !== undefined}>{except === undefined ? adminTexts.serverAuto : managementTexts.move.pick}</option>
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
