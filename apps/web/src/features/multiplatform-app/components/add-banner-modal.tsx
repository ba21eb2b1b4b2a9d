import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast.ts';
import { WEBAPP_LIMITS } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { multiplatformAppCatalogue } from '@/i18n/multiplatform-app.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage, serverText } from '@/lib/api-client.ts';
import { useAddBanner } from '../api/change-banner.ts';
import { ImageField } from './image-field.tsx';

const input = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none';

/** 'Adicionar Banner': a name, the image (400x60) and an optional link. Mounted only while open. */
export function AddBannerModal({ onClose }: { onClose: () => void }) {
  const id = useId();
  const commonTexts = useTexts(commonCatalogue);
  const multiplatformAppTexts = useTexts(multiplatformAppCatalogue);
  const [nome, setNome] = useState('');
  const [link, setLink] = useState('');
  const [banner, setBanner] = useState<File | null>(null);
  const add = useAddBanner();

  function submit(e: FormEvent) {
    e.preventDefault();
    const msg = textsNow(messageCatalogue);
    if (!nome.trim() || !banner) {
      toast.error(msg.bannerRequired);
      return;
    }
    add.mutate({ nome, banner, link }, {
      onSuccess: (message) => {
        toast.success(serverText(message, msg.bannerAdded));
        onClose();
      },
      onError: (err) => toast.error(errorMessage(err, msg.bannerAddError)),
    });
  }

  return (
    <Modal
      open
      title={multiplatformAppTexts.addBanner}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>{commonTexts.cancel}</Button>
          <Button type="submit" form={`${id}-form`} disabled={add.isPending}>
            {add.isPending && <Spinner className="h-4 w-4" />}
            {add.isPending ? multiplatformAppTexts.adding : multiplatformAppTexts.addBanner}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor={`${id}-nome`} className="mb-1 block text-sm font-medium text-gray-700">{multiplatformAppTexts.bannerName}</label>
          <input id={`${id}-nome`} data-autofocus value={nome} onChange={(e) => setNome(e.target.value)} maxLength={WEBAPP_LIMITS.nameMax} placeholder={multiplatformAppTexts.bannerNamePlaceholder} className={input} />
        </div>
        <ImageField label={multiplatformAppTexts.bannerImage} hint={multiplatformAppTexts.bannerImageHint} file={banner} onFile={setBanner} previewClass="h-12 w-40" />
        <div>
          <label htmlFor={`${id}-link`} className="mb-1 block text-sm font-medium text-gray-700">{multiplatformAppTexts.bannerLink}</label>
          <input id={`${id}-link`} type="url" value={link} onChange={(e) => setLink(e.target.value)} maxLength={WEBAPP_LIMITS.linkMax} placeholder={commonTexts.urlPlaceholder} className={input} />
        </div>
      </form>
    </Modal>
  );
}
