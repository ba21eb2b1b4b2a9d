import { AppError } from './errors.ts';

/**
 * The exit status of a process that must not be restarted as it is: the database was migrated by
 * a newer version of the panel (EX_CONFIG). The systemd units do not restart on it.
 */
export const EXIT_REFUSED = 78;

/**
 * Runs a process's start; a refusal the operator must act on (a newer database) ends the process
 * with its Portuguese message alone and EXIT_REFUSED, instead of a stack trace and a restart loop.
 */
export async function startOrExit<T>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (e) {
    if (e instanceof AppError && e.code === 'database_newer') {
      console.error(e.message);
      process.exit(EXIT_REFUSED);
    }
    throw e;
  }
}
