import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast.ts';
import { type FtpConnectBody, type FtpEntry } from '@painel/contract';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow } from '@/i18n/runtime.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { useConnectFtp } from '../api/connect-ftp.ts';
import { useDisconnectFtp } from '../api/disconnect-ftp.ts';
import { ftpConnectionQueryKey, useFtpConnection } from '../api/get-connection-status.ts';
import { useListDirectory } from '../api/list-directory.ts';

/** A file ticked for migration (from the browser or a scan), kept while the customer moves between directories. */
export interface SelectedFile {
  name: string;
  path: string;
  size: number;
}

/**
 * The remote side of the page: the session (connect, disconnect), the directory shown and the
 * files ticked. A session already open on arrival (a reload, another visit) reopens where it was.
 */
export function useFtpBrowser() {
  const queryClient = useQueryClient();
  const connection = useFtpConnection();
  const connectCall = useConnectFtp();
  const listCall = useListDirectory();
  const disconnectCall = useDisconnectFtp();
  const [path, setPath] = useState('/');
  const [files, setFiles] = useState<FtpEntry[] | null>(null);
  const [selected, setSelected] = useState<ReadonlyMap<string, SelectedFile>>(new Map());
  const reopened = useRef(false);
  const connected = connection.data?.connected === true;

  function navigate(to: string) {
    listCall.mutate(to, {
      onSuccess: (r) => {
        setPath(r.currentPath);
        setFiles(r.files);
      },
      onError: (error) => {
        toast.error(errorMessage(error, textsNow(messageCatalogue).ftpListError));
        // the session ended on the server (idle too long): back to the form
        if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: ftpConnectionQueryKey });
      },
    });
  }

  useEffect(() => {
    if (!connected || files !== null || reopened.current) return;
    reopened.current = true;
    navigate(connection.data?.currentPath ?? '/');
  }, [connected]); // once per session found open; navigate itself changes every render

  function connect(body: FtpConnectBody) {
    connectCall.mutate(body, {
      onSuccess: (r) => {
        reopened.current = true;
        setPath(r.currentPath);
        setFiles(r.files);
        toast.success(textsNow(messageCatalogue).ftpConnected);
      },
      onError: (error) => toast.error(errorMessage(error, textsNow(messageCatalogue).ftpConnectError)),
    });
  }

  function disconnect() {
    disconnectCall.mutate(undefined, {
      onSuccess: () => {
        reopened.current = false;
        setFiles(null);
        setPath('/');
        setSelected(new Map());
        toast.info(textsNow(messageCatalogue).ftpDisconnected);
      },
      onError: (error) => toast.error(errorMessage(error, textsNow(messageCatalogue).unknownError)),
    });
  }

  const pick = (list: SelectedFile[], on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const f of list) {
        if (on) next.set(f.path, f);
        else next.delete(f.path);
      }
      return next;
    });

  return {
    connection: connection.data,
    loadingConnection: connection.isPending,
    connected,
    connect,
    connecting: connectCall.isPending,
    disconnect,
    path,
    files: files ?? [],
    listing: listCall.isPending,
    navigate,
    selected,
    /** Ticks (or unticks) files; only videos reach here, the browser offers no box for the rest. */
    pick,
    clearSelection: () => setSelected(new Map()),
  };
}
export type FtpBrowser = ReturnType<typeof useFtpBrowser>;
