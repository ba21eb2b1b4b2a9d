import type { MenuSummary as Summary } from '../hooks/use-menu-editor.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { settingsCatalogue } from '@/i18n/settings.ts';

/** Total, visible, hidden and category counts of the list being edited. */
export function MenuSummary({ summary }: { summary: Summary }) {
  const settingsTexts = useTexts(settingsCatalogue);
  const tiles = [
    { label: settingsTexts.summaryTotal, value: summary.total, tone: 'bg-gray-50 text-gray-900' },
    { label: settingsTexts.summaryVisible, value: summary.visible, tone: 'bg-green-50 text-green-700' },
    { label: settingsTexts.summaryHidden, value: summary.hidden, tone: 'bg-amber-50 text-amber-700' },
    { label: settingsTexts.summaryCategories, value: summary.categories, tone: 'bg-blue-50 text-blue-700' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {tiles.map((tile) => (
        <div key={tile.label} className={`flex flex-col-reverse rounded-lg px-4 py-3 ${tile.tone}`}>
          <dt className="text-sm font-medium">{tile.label}</dt>
          <dd className="text-2xl font-bold">{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}
