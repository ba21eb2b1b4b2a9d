import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast.ts';
import Bell from 'lucide-react/icons/bell';
import Send from 'lucide-react/icons/send';
import { WEBAPP_LIMITS } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { multiplatformAppCatalogue } from '@/i18n/multiplatform-app.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { useSendNotification } from '../api/send-notification.ts';
import { pushReady } from '../utils/webapp-view.ts';
import { ImageField } from './image-field.tsx';

const input = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none';
const EMPTY = { titulo: '', link: '', mensagem: '' };

/**
 * A push notification to everyone who turned notifications on in the app: title, icon, optional
 * image and link, and a message of at most 160 characters. Sent, the form starts over.
 */
export function NotificationsTab() {
  const id = useId();
  const commonTexts = useTexts(commonCatalogue);
  const multiplatformAppTexts = useTexts(multiplatformAppCatalogue);
  const [text, setText] = useState(EMPTY);
  const [icone, setIcone] = useState<File | null>(null);
  const [imagem, setImagem] = useState<File | null>(null);
  const [filesKey, setFilesKey] = useState(0);
  const send = useSendNotification();
  const ready = pushReady(text.titulo, icone, text.mensagem);
  const max = WEBAPP_LIMITS.pushMessageMax;

  function submit(e: FormEvent) {
    e.preventDefault();
    const msg = textsNow(messageCatalogue);
    if (!icone || !ready) {
      toast.error(msg.pushRequired);
      return;
    }
    send.mutate({ ...text, icone, imagem }, {
      onSuccess: (r) => {
        toast.success(`${msg.pushSent} ${textsNow(multiplatformAppCatalogue).pushDelivered({ sent: r.enviados })}`);
        setText(EMPTY);
        setIcone(null);
        setImagem(null);
        setFilesKey((k) => k + 1);
      },
      onError: (err) => toast.error(errorMessage(err, msg.pushSendError)),
    });
  }

  const field = (key: 'titulo' | 'link', label: string, extra: { type?: string; placeholder: string; maxLength: number }) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-medium text-gray-700">{label}</label>
      <input id={`${id}-${key}`} type={extra.type ?? 'text'} value={text[key]} onChange={(e) => setText((t) => ({ ...t, [key]: e.target.value }))} placeholder={extra.placeholder} maxLength={extra.maxLength} className={input} />
    </div>
  );

  return (
    <SectionCard title={multiplatformAppTexts.pushTitle} description={multiplatformAppTexts.pushDescription} icon={Bell}>
      <form onSubmit={submit} noValidate aria-label={multiplatformAppTexts.pushTitle} className="max-w-3xl space-y-4">
        {field('titulo', multiplatformAppTexts.pushTitleLabel, { placeholder: multiplatformAppTexts.pushTitlePlaceholder, maxLength: WEBAPP_LIMITS.pushTitleMax })}
        <div className="grid gap-4 sm:grid-cols-2">
          <ImageField label={commonTexts.icon} hint={multiplatformAppTexts.pushIconHint} file={icone} onFile={setIcone} resetKey={filesKey} previewClass="h-16 w-16" />
          <ImageField label={multiplatformAppTexts.pushImage} hint={multiplatformAppTexts.pushImageHint} file={imagem} onFile={setImagem} resetKey={filesKey} previewClass="h-16 w-32" />
        </div>
        {field('link', multiplatformAppTexts.pushLink, { type: 'url', placeholder: commonTexts.urlPlaceholder, maxLength: WEBAPP_LIMITS.linkMax })}
        <div>
          <div className="mb-1 flex items-baseline justify-between gap-3">
            <label htmlFor={`${id}-mensagem`} className="text-sm font-medium text-gray-700">{multiplatformAppTexts.pushMessage}</label>
            <span
              id={`${id}-count`}
              data-testid="push-counter"
              className={cn('text-xs tabular-nums', text.mensagem.length >= max ? 'font-semibold text-red-600' : 'text-gray-500')}
            >
              {multiplatformAppTexts.pushCounter({ n: text.mensagem.length, max })}
            </span>
          </div>
          <textarea
            id={`${id}-mensagem`}
            rows={3}
            value={text.mensagem}
            maxLength={max}
            onChange={(e) => setText((t) => ({ ...t, mensagem: e.target.value.slice(0, max) }))}
            placeholder={multiplatformAppTexts.pushMessagePlaceholder}
            aria-describedby={`${id}-count`}
            className={input}
          />
        </div>
        <Button type="submit" disabled={!ready || send.isPending}>
          {send.isPending ? <Spinner className="h-4 w-4" /> : <Send className="h-4 w-4" aria-hidden="true" />}
          {send.isPending ? multiplatformAppTexts.pushSending : multiplatformAppTexts.pushSend}
        </Button>
      </form>
    </SectionCard>
  );
}
