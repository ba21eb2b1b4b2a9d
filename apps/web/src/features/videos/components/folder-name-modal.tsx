import { FOLDER_NAME_MAX, folderBody } from '@painel/contract';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { videosCatalogue } from '@/i18n/videos.ts';
import { NameModal } from '@/components/ui/name-modal.tsx';

type Props = Pick<Parameters<typeof NameModal>[0], 'title' | 'initial' | 'submitLabel' | 'busyLabel' | 'busy' | 'onSubmit' | 'onClose'>;

/** The "Nova Pasta" and "Renomear Pasta" dialogs: a folder name, required as soon as it is emptied. */
export function FolderNameModal(p: Props) {
  const videosTexts = useTexts(videosCatalogue);
  const msg = useTexts(messageCatalogue);
  return (
    <NameModal
      {...p}
      label={videosTexts.folderNameLabel}
      placeholder={videosTexts.folderNamePlaceholder}
      maxLength={FOLDER_NAME_MAX}
      schema={folderBody}
      requiredMessage={msg.folderNameRequired}
      requiredWhileTyping
    />
  );
}
