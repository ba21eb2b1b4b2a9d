import { FOLDER_NAME_MAX, folderBody, msg, ui } from '@painel/contract';
import { NameModal } from '@/components/ui/name-modal.tsx';

type Props = Pick<Parameters<typeof NameModal>[0], 'title' | 'initial' | 'submitLabel' | 'busyLabel' | 'busy' | 'onSubmit' | 'onClose'>;

/** The "Nova Pasta" and "Renomear Pasta" dialogs: a folder name, required as soon as it is emptied. */
export function FolderNameModal(p: Props) {
  return (
    <NameModal
      {...p}
      label={ui.folderNameLabel}
      placeholder={ui.folderNamePlaceholder}
      maxLength={FOLDER_NAME_MAX}
      schema={folderBody}
      requiredMessage={msg.folderNameRequired}
      requiredWhileTyping
    />
  );
}
