import type { Id, ToastOptions } from 'react-toastify';
import { whenPageShown } from './page-loads.ts';

/**
 * The panel's toasts, for every page. The toast library is loaded once the page being opened has
 * shown (lib/page-loads.ts) after the first toast is asked for, or once the shell's first page has
 * shown (app/toasts.tsx), never with a page's own scripts: the page paints without it. Loading it
 * mounts the one container. Calls made meanwhile run once it is there, in the order they were made
 * (a `dismiss` then a `success` stays in that order); a toast given to the library a moment before
 * its container has mounted waits in the library and shows as it mounts.
 */
type Toastify = typeof import('react-toastify');

let toastify: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();

/** Loads react-toastify once (again after a failed load); the container waits for the same load. */
export function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    toastify = import('react-toastify');
    toastify.catch(() => {
      toastify = undefined;
    });
    listeners.forEach((notify) => notify());
  }
  return toastify;
}

/** Whether a toast was asked for (or the library loaded for the shell): the container must be on the page. */
export const toastsRequested = (): boolean => toastify !== undefined;

export function onToastsRequested(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

let queued: Promise<unknown> = Promise.resolve();

const run = (show: (lib: Toastify) => void) => {
  // in the order asked for: each call waits for the one before it
  const ready = toastify ?? new Promise<void>((resolve) => whenPageShown(resolve)).then(loadToastify);
  queued = queued.then(() => ready).then(show).catch((error: unknown) => console.error(error));
};

type Level = 'success' | 'error' | 'info' | 'warning';
const level = (name: Level) => (text: string, options?: ToastOptions) => run(({ toast: t }) => t[name](text, options));

export const toast = {
  success: level('success'),
  error: level('error'),
  info: level('info'),
  warning: level('warning'),
  /** Closes one toast, or all of them (also those raised by the shell before a logout). */
  dismiss: (id?: Id) => run(({ toast: t }) => t.dismiss(id)),
};
