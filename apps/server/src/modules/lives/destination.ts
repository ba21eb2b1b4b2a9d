/** The destination ffmpeg pushes to: the platform's server and the key, one slash between. */
export const destinationOf = (server: string, key: string): string => `${server.replace(/\/+$/, '')}/${key.replace(/^\/+/, '')}`;

/** A key shown in the table: enough to recognise it, never enough to use it. */
export function maskKey(key: string): string {
  return key.length <= 4 ? '••••' : `${key.slice(0, 4)}${'•'.repeat(Math.min(12, key.length - 4))}`;
}
