import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A white card with a heading; the section is labelled by that heading. */
export function SectionCard({
  title, description, icon: Icon, actions, children,
}: {
  title: string;
  description?: string;
  icon?: LucideIcon;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-gray-100 px-5 py-4 sm:px-6">
        {/* a basis wide enough for a short title: on a phone the actions wrap below instead of squeezing it word by word */}
        <div className="flex min-w-0 flex-[1_1_16rem] items-start gap-3">
          {Icon && (
            <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
          )}
          <div className="min-w-0">
            <h2 id={id} className="text-lg font-semibold text-gray-900">{title}</h2>
            {description && <p className="mt-0.5 text-sm text-gray-500">{description}</p>}
          </div>
        </div>
        {actions}
      </div>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}
