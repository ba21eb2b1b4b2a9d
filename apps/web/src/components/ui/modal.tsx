import { useEffect, useId, useRef, type ReactNode } from 'react';
import X from 'lucide-react/icons/x';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { cn } from '@/lib/cn.ts';

/** The open modals, innermost last: only that one answers Esc and keeps Tab inside (a confirmation over a dialog). */
const openModals: object[] = [];

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog over a dimmed page. Not the native <dialog>: its top layer would cover the
 * toasts a modal action raises. Esc and the backdrop close it, Tab stays inside, and focus
 * returns to whatever opened it.
 */
export function Modal({
  open, title, onClose, children, footer, size = 'md', closeButton = true, role = 'dialog', describedBy,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'md' | 'lg';
  /** false when the footer has its own 'Fechar' button, so the dialog has one control of that name. */
  closeButton?: boolean;
  /** 'alertdialog' for a question that must be answered before going on. */
  role?: 'dialog' | 'alertdialog';
  /** The id of the element that says what the dialog is about, read with its title. */
  describedBy?: string;
}) {
  const commonTexts = useTexts(commonCatalogue);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = panel.current;
    // a marked field, else the first control of the body; the close button only as a last resort
    const first = box?.querySelector<HTMLElement>('[data-autofocus]') ?? body.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box)?.focus();
    const self = {};
    openModals.push(self);

    function onKey(e: KeyboardEvent) {
      if (openModals[openModals.length - 1] !== self) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        closeRef.current();
        return;
      }
      if (e.key !== 'Tab' || !box) return;
      const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const head = items[0];
      const tail = items[items.length - 1];
      if (!head || !tail) return;
      if (e.shiftKey && document.activeElement === head) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && document.activeElement === tail) {
        e.preventDefault();
        head.focus();
      }
    }
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openModals.splice(openModals.indexOf(self), 1);
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div aria-hidden="true" className="absolute inset-0 bg-gray-950/60 backdrop-blur-sm" onClick={onClose} />
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={cn(
          'relative flex max-h-full w-full flex-col rounded-xl bg-white shadow-xl outline-none',
          size === 'lg' ? 'max-w-4xl' : 'max-w-md',
        )}
      >
        <div className="flex items-center justify-between gap-3 border-b border-gray-100 px-5 py-4">
          <h2 id={titleId} className="min-w-0 truncate text-lg font-semibold text-gray-900">{title}</h2>
          {closeButton && (
            <button
              type="button"
              onClick={onClose}
              aria-label={commonTexts.close}
              className="rounded-lg p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-gray-400"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          )}
        </div>
        <div ref={body} className="overflow-y-auto px-5 py-4">{children}</div>
        {footer && <div className="flex justify-end gap-2 border-t border-gray-100 px-5 py-3">{footer}</div>}
      </div>
    </div>
  );
}
