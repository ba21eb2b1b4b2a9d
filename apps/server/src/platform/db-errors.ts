/**
 * Telling a database that is away (a PostgreSQL restart, a lost connection) from a query that
 * is wrong. Apart from db.ts so that errors.ts, which maps it to 503 database_unavailable,
 * does not import the database and its migrations.
 */

/**
 * Socket errors of a server that is not there (stopped, restarting, unreachable). They count
 * only for a database's address (its port, or its Unix socket): the same codes from another
 * connection a request makes (an FTP origin, a download) are not the database's.
 */
const UNREACHABLE_ERRNO = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOENT']);
/** The TCP ports of the PostgreSQL servers this process opened. */
const databasePorts = new Set<number>();

/** Registers the port of a PostgreSQL server this process opens (openDb). */
export function watchDatabasePort(port: number): void {
  databasePorts.add(port);
}

/**
 * PostgreSQL's own refusals while it stops or starts: admin_shutdown, crash_shutdown,
 * cannot_connect_now ("the database system is starting up"), and the connection_exception class.
 */
const UNREACHABLE_SQLSTATE = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
/** What node-postgres says when a connection ends under it or cannot be opened in time. */
const UNREACHABLE_TEXT = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/i;

/**
 * Whether an error means the database is away (a PostgreSQL restart, a lost connection), not
 * that the query was wrong: the API answers 503 database_unavailable, and the worker retries
 * its writes. Looks through `cause` and AggregateError (a connection tried on several addresses).
 */
export function isDatabaseUnavailable(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && UNREACHABLE_SQLSTATE.has(code)) return true;
  const { port, address, syscall } = e as { port?: unknown; address?: unknown; syscall?: unknown };
  const ofDatabase = (typeof port === 'number' && databasePorts.has(port)) || (typeof address === 'string' && address.includes('.s.PGSQL.'));
  if (typeof code === 'string' && UNREACHABLE_ERRNO.has(code) && syscall === 'connect' && ofDatabase) return true;
  if (typeof message === 'string' && UNREACHABLE_TEXT.test(message)) return true;
  if (Array.isArray(errors) && errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
