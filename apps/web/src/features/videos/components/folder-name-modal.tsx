import { FOLDER_NAME_MAX, folderBody, msg } from '@painel/contract';
import { videosTexts } from '@/i18n/pt-BR/videos.ts';
import { NameModal } from '@/components/ui/name-modal.tsx';

type Props = Pick<Parameters<typeof NameModal>[0], 'title' | 'initial' | 'submitLabel' | 'busyLabel' | 'busy' | 'onSubmit' | 'onClose'>;

/** The "Nova Pasta" and "Renomear Pasta" dialogs: a folder name, required as soon as it is emptied. */
export function FolderNameModal(p: Props) {
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
