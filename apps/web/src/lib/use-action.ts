import { useCallback, useState } from 'react';

export interface ActionCallbacks<R> {
  onSuccess?: (result: R) => void;
  onError?: (error: Error) => void;
  onSettled?: (result: R | undefined, error: Error | null) => void;
}

/**
 * A call a screen makes on a click, and whether it is under way: the shape of React Query's
 * useMutation (`mutate(args, { onSuccess, onError, onSettled })`, `isPending`) for the screens
 * drawn before the session exists (the login screen), which load no query library.
 */
export function useAction<A, R>(run: (args: A) => Promise<R>, done?: (result: R) => void) {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    (args: A, callbacks: ActionCallbacks<R> = {}) => {
      setPending(true);
      run(args).then(
        (result) => {
          done?.(result);
          setPending(false);
          callbacks.onSuccess?.(result);
          callbacks.onSettled?.(result, null);
        },
        (e: unknown) => {
          const error = e instanceof Error ? e : new Error(String(e));
          setPending(false);
          callbacks.onError?.(error);
          callbacks.onSettled?.(undefined, error);
        },
      );
    },
    [run, done],
  );
  return { mutate, isPending };
}
