import { useMemo } from 'react';
import {
  DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors,
  type Announcements, type DragEndEvent, type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import LayoutList from 'lucide-react/icons/layout-list';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { DRAG_ACTIVATION_PX, type MenuItem } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { settingsCatalogue } from '@/i18n/settings.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useMenuLabel } from '@/lib/menu-label.ts';
import type { MenuSummary as Summary } from '../hooks/use-menu-editor.ts';
import { MenuSummary } from './menu-summary.tsx';
import { SortableMenuRow } from './sortable-menu-row.tsx';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';

export function MenuCustomizationSection({
  items, summary, onMove, onToggle, onRestore,
}: {
  items: MenuItem[];
  summary: Summary;
  onMove: (activeId: string, overId: string) => void;
  onToggle: (id: string) => void;
  onRestore: () => void;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const settingsTexts = useTexts(settingsCatalogue);
  const labelOf = useMenuLabel();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const announcements = useMemo<Announcements>(() => {
    const label = (id: UniqueIdentifier | undefined) => {
      const item = items.find((i) => i.id === id);
      return item ? labelOf(item) : String(id ?? '');
    };
    return {
      onDragStart: ({ active }) => commonTexts.dragStarted({ label: label(active.id) }),
      onDragOver: ({ active, over }) => (over ? commonTexts.dragOver({ label: label(active.id), over: label(over.id) }) : undefined),
      onDragEnd: ({ active, over }) =>
        over ? commonTexts.dragDropped({ label: label(active.id), over: label(over.id) }) : commonTexts.dragDroppedNowhere({ label: label(active.id) }),
      onDragCancel: ({ active }) => commonTexts.dragCancelled({ label: label(active.id) }),
    };
  }, [items, labelOf, commonTexts]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };

  const confirm = useConfirm();

  const restore = async () => {
    if (await confirm({ message: textsNow(messageCatalogue).restoreMenuConfirm, tone: 'primary' })) onRestore();
  };

  return (
    <SectionCard
      title={settingsTexts.menuSection}
      description={settingsTexts.menuSectionHint}
      icon={LayoutList}
      actions={
        <Button variant="secondary" onClick={restore}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          {settingsTexts.restoreDefault}
        </Button>
      }
    >
      <div className="space-y-5">
        <MenuSummary summary={summary} />
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: commonTexts.dragInstructions } }}
        >
          <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
            <ul className="space-y-2">
              {items.map((item) => (
                <SortableMenuRow key={item.id} item={item} onToggle={onToggle} />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      </div>
    </SectionCard>
  );
}
