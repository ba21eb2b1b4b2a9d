import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import GripVertical from 'lucide-react/icons/grip-vertical';
import { type MenuItem } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { settingsCatalogue } from '@/i18n/settings.ts';
import { cn } from '@/lib/cn.ts';
import { useMenuLabel } from '@/lib/menu-label.ts';
import { MenuIcon } from '@/components/ui/menu-icon.tsx';

/** One entry of the menu list: drag handle, icon, label, category, show/hide toggle. */
export function SortableMenuRow({ item, onToggle }: { item: MenuItem; onToggle: (id: string) => void }) {
  const commonTexts = useTexts(commonCatalogue);
  const settingsTexts = useTexts(settingsCatalogue);
  const label = useMenuLabel()(item);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    attributes: { roleDescription: commonTexts.sortableRole },
  });

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'flex items-center gap-3 rounded-lg border bg-white px-3 py-2.5',
        isDragging ? 'relative z-10 border-blue-300 shadow-lg ring-2 ring-blue-200' : 'border-gray-200',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={commonTexts.dragItem({ label })}
        className="cursor-grab touch-none rounded-md p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-blue-500 active:cursor-grabbing"
      >
        <GripVertical className="h-5 w-5" aria-hidden="true" />
      </button>

      <span
        className={cn(
          'flex h-8 w-8 shrink-0 items-center justify-center rounded-md',
          item.visible ? 'bg-blue-50 text-blue-600' : 'bg-gray-100 text-gray-400',
        )}
      >
        <MenuIcon name={item.icon} className="h-4 w-4" />
      </span>

      <div className="min-w-0 flex-1">
        <p className={cn('font-medium break-words', item.visible ? 'text-gray-900' : 'text-gray-400 line-through')}>
          {label}
        </p>
        <p className="truncate text-xs text-gray-500">{commonTexts.menuCategories[item.category]}</p>
      </div>

      {!item.visible && (
        <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-500">{settingsTexts.hiddenTag}</span>
      )}

      <button
        type="button"
        onClick={() => onToggle(item.id)}
        aria-label={item.visible ? commonTexts.hideItem({ label }) : commonTexts.showItem({ label })}
        className={cn(
          'rounded-md p-2 focus-visible:outline-2 focus-visible:outline-blue-500',
          item.visible ? 'text-blue-600 hover:bg-blue-50' : 'text-gray-400 hover:bg-gray-100',
        )}
      >
        {item.visible ? <Eye className="h-5 w-5" aria-hidden="true" /> : <EyeOff className="h-5 w-5" aria-hidden="true" />}
      </button>
    </li>
  );
}
