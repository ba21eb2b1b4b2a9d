import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { meQueryKey, onSignIn } from './session.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // an answer from the server (4xx) will not change on retry; network failures may
      retry: (count, error) => !(error instanceof ApiError) && count < 2,
    },
  },
});

// a login made on the login screen (which has no query library) hands its user over here
onSignIn((user) => queryClient.setQueryData(meQueryKey, user));
