import type { Id, ToastOptions } from 'react-toastify';

/**
 * Toasts for the screens a visitor sees before signing in (the login screen). The toast
 * library is loaded on the first toast instead of with the page, so the login screen paints
 * without it; calls made meanwhile run once it is there, in the order they were made (a
 * `dismiss` then a `success` stays in that order). The shell's pages import react-toastify
 * directly: they need it anyway, and <Toasts> mounts the container as soon as the shell shows.
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

const run = (show: (lib: Toastify) => void) => {
  loadToastify().then(show, (error: unknown) => console.error(error));
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
