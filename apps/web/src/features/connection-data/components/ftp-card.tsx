import Server from 'lucide-react/icons/server';
import { ui } from '@painel/contract';
import { SectionCard } from '@/components/ui/section-card.tsx';
import type { ConnectionData } from '../api/get-connection-data.ts';
import { DataValue } from './data-value.tsx';

/** FTP access: host, user, password (hidden by default), port; each with a copy button. */
export function FtpCard({ ftp }: { ftp: ConnectionData['ftp'] }) {
  const rows = [
    { label: ui.ftpHost, value: ftp.host, item: ui.ftpHostItem, testId: 'ftp-host' },
    { label: ui.ftpUser, value: ftp.usuario, item: ui.ftpUserItem, testId: 'ftp-user' },
    { label: ui.ftpPassword, value: ftp.senha, item: ui.ftpPasswordItem, testId: 'ftp-password', secret: true },
    { label: ui.ftpPort, value: String(ftp.porta), item: ui.ftpPortItem, testId: 'ftp-port' },
  ];
  return (
    <SectionCard title={ui.ftpTitle} description={ui.ftpDescription} icon={Server}>
      <table className="w-full text-sm">
        <caption className="sr-only">{ui.ftpTitle}</caption>
        <tbody className="divide-y divide-gray-100">
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row" className="w-32 py-3 pr-4 text-left align-middle font-medium text-gray-600">{r.label}</th>
              <td className="py-3">
                <DataValue value={r.value} item={r.item} secret={r.secret} testId={r.testId} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </SectionCard>
  );
}
