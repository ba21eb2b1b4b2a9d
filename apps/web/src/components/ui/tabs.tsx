import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  icon: ReactNode;
}

/**
 * A page's tabs (WAI-ARIA tabs: arrow keys, Home and End move between them); each panel is
 * kept mounted so a half-filled form survives a look at another tab.
 */
export function Tabs<T extends string>({ label, tabs, current, onChange, panels }: {
  label: string;
  tabs: TabItem<T>[];
  current: T;
  onChange: (tab: T) => void;
  panels: Partial<Record<T, ReactNode>>;
}) {
  const base = useId();
  const tabId = (t: T) => `${base}-tab-${t}`;
  const panelId = (t: T) => `${base}-panel-${t}`;

  function onKey(e: KeyboardEvent<HTMLDivElement>) {
    const at = tabs.findIndex((t) => t.id === current);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    if (!tab) return;
    onChange(tab.id);
    document.getElementById(tabId(tab.id))?.focus();
  }

  return (
    <div className="space-y-6">
      <div role="tablist" aria-label={label} onKeyDown={onKey} className="flex flex-wrap gap-1 border-b border-gray-200">
        {tabs.map((t) => {
          const selected = t.id === current;
          return (
            <button
              key={t.id} id={tabId(t.id)} type="button" role="tab" aria-selected={selected} aria-controls={panelId(t.id)}
              tabIndex={selected ? 0 : -1} onClick={() => onChange(t.id)}
              className={cn(
                '-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-blue-500',
                selected ? 'border-blue-600 text-blue-700' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900',
              )}
            >
              {t.icon}
              {t.label}
            </button>
          );
        })}
      </div>
      {tabs.map((t) => (
        <div key={t.id} id={panelId(t.id)} role="tabpanel" aria-labelledby={tabId(t.id)} hidden={t.id !== current}>
          {panels[t.id]}
        </div>
      ))}
    </div>
  );
}
