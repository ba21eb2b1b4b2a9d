import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast.ts';
import PlugZap from 'lucide-react/icons/plug-zap';
import { FTP_DEFAULT_PORT, ftpConnectBody, type FtpConnectBody } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { ftpMigrationCatalogue } from '@/i18n/ftp-migration.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { issueText } from '@/lib/api-client.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

interface FormValues {
  ip: string;
  usuario: string;
  senha: string;
  porta: string;
}

const field = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none';
const labelCls = 'mb-1 block text-sm font-medium text-gray-700';

/** The old host's address and login. Mounted afresh after a disconnect, so it opens empty. */
export function ConnectionForm({ connecting, onConnect }: { connecting: boolean; onConnect: (body: FtpConnectBody) => void }) {
  const id = useId();
  const commonTexts = useTexts(commonCatalogue);
  const t = useTexts(ftpMigrationCatalogue);
  const { register, handleSubmit } = useForm<FormValues>({ defaultValues: { ip: '', usuario: '', senha: '', porta: String(FTP_DEFAULT_PORT) } });

  const onSubmit = handleSubmit((v) => {
    // the contract's own rules: required fields, and a port that is not a number falls back to 21
    const parsed = ftpConnectBody.safeParse(v);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return void toast.error((issue && issueText(issue)) || textsNow(messageCatalogue).ftpFieldsRequired);
    }
    onConnect(parsed.data);
  });

  return (
    <SectionCard title={t.connectTitle} description={t.connectDescription} icon={PlugZap}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-4">
          <div className="sm:col-span-3">
            <label htmlFor={`${id}-ip`} className={labelCls}>{t.ipLabel}</label>
            <input id={`${id}-ip`} className={field} placeholder={t.ipPlaceholder} autoComplete="off" spellCheck={false} {...register('ip')} />
          </div>
          <div>
            <label htmlFor={`${id}-porta`} className={labelCls}>{commonTexts.port}</label>
            <input id={`${id}-porta`} className={field} inputMode="numeric" {...register('porta')} />
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-usuario`} className={labelCls}>{commonTexts.username}</label>
            <input id={`${id}-usuario`} className={field} autoComplete="off" spellCheck={false} {...register('usuario')} />
          </div>
          <div>
            <label htmlFor={`${id}-senha`} className={labelCls}>{commonTexts.password}</label>
            <input id={`${id}-senha`} type="password" className={field} autoComplete="new-password" {...register('senha')} />
          </div>
        </div>
        <p className="text-xs text-gray-500">{t.passwordNote}</p>
        <div className="flex justify-end">
          <Button type="submit" disabled={connecting}>
            {connecting && <Spinner className="h-4 w-4" />}
            {connecting ? t.connecting : t.connect}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
