import { createContext, Suspense, use, useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';

export interface ConfirmRequest {
  message: string;
  title?: string;
  confirmLabel?: string;
  /** 'primary' when going on loses nothing; the default marks an action that ends or deletes something. */
  tone?: 'danger' | 'primary';
}

/** Asks the question in the panel's own dialog; resolves true when confirmed, false when dismissed. */
export type Confirm = (request: ConfirmRequest | string) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * Lets any page ask a yes/no question (`useConfirm`) in a dialog that looks like the rest of
 * the panel and can be styled, read and tested, instead of the browser's `confirm()`.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const pending = useRef<((ok: boolean) => void) | null>(null);

  const settle = useCallback((ok: boolean) => {
    pending.current?.(ok);
    pending.current = null;
    setRequest(null);
  }, []);

  const confirm = useCallback<Confirm>((r) => {
    // a second question while one is open answers the first with 'no'
    pending.current?.(false);
    return new Promise<boolean>((resolve) => {
      pending.current = resolve;
      setRequest(typeof r === 'string' ? { message: r } : r);
    });
  }, []);

  return (
    <ConfirmContext value={confirm}>
      {children}
      {/* the provider sits above the app's own Suspense: the question waits for its texts alone */}
      {request && (
        <Suspense fallback={null}>
          <ConfirmQuestion request={request} settle={settle} />
        </Suspense>
      )}
    </ConfirmContext>
  );
}

function ConfirmQuestion({ request, settle }: { request: ConfirmRequest; settle: (ok: boolean) => void }) {
  const commonTexts = useTexts(commonCatalogue);
  const messageId = useId();
  return (
    <Modal
      open
      role="alertdialog"
      describedBy={messageId}
      title={request.title ?? commonTexts.confirmTitle}
      onClose={() => settle(false)}
      closeButton={false}
      footer={
        <>
          <Button variant="secondary" data-autofocus onClick={() => settle(false)}>{commonTexts.cancel}</Button>
          <Button variant={request.tone ?? 'danger'} onClick={() => settle(true)}>{request.confirmLabel ?? commonTexts.confirm}</Button>
        </>
      }
    >
      <p id={messageId} data-testid="confirm-message" className="text-sm whitespace-pre-line text-gray-700">{request.message}</p>
    </Modal>
  );
}

/** The panel's confirmation question; use it where `window.confirm()` would be. */
export function useConfirm(): Confirm {
  const confirm = use(ConfirmContext);
  if (!confirm) throw new Error('useConfirm outside ConfirmProvider');
  return confirm;
}
