import Server from 'lucide-react/icons/server';
import { commonCatalogue } from '@/i18n/common.ts';
import { connectionDataCatalogue } from '@/i18n/connection-data.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import type { ConnectionData } from '../api/get-connection-data.ts';
import { DataValue } from './data-value.tsx';

/** FTP access: host, user, password (hidden by default), port; each with a copy button. */
export function FtpCard({ ftp }: { ftp: ConnectionData['ftp'] }) {
  const commonTexts = useTexts(commonCatalogue);
  const connectionDataTexts = useTexts(connectionDataCatalogue);
  const rows = [
    { label: connectionDataTexts.ftpHost, value: ftp.host, item: connectionDataTexts.ftpHostItem, testId: 'ftp-host' },
    { label: commonTexts.username, value: ftp.usuario, item: connectionDataTexts.ftpUserItem, testId: 'ftp-user' },
    { label: commonTexts.password, value: ftp.senha, item: connectionDataTexts.ftpPasswordItem, testId: 'ftp-password', secret: true },
    { label: commonTexts.port, value: String(ftp.porta), item: connectionDataTexts.ftpPortItem, testId: 'ftp-port' },
  ];
  return (
    <SectionCard title={connectionDataTexts.ftpTitle} description={connectionDataTexts.ftpDescription} icon={Server}>
      <table className="w-full text-sm">
        <caption className="sr-only">{connectionDataTexts.ftpTitle}</caption>
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
