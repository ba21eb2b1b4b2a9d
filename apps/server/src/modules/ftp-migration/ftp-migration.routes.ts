import type { FastifyInstance } from 'fastify';
import { ftpConnectBody, ftpListBody, ftpMigrateBody, ftpScanBody } from '@painel/contract';
import { parse } from '../../platform/errors.ts';
import type { FtpMigrationService } from './ftp-migration.service.ts';

/** /api/ftp/*: the FTP migration page's calls (see docs/api/ftp-migration.md). */
export function ftpMigrationRoutes(app: FastifyInstance, ftp: FtpMigrationService): void {
  // the browsing sessions hold open connections and passwords: they go with the process
  app.addHook('onClose', async () => ftp.close());
  const auth = { preHandler: app.requireAuth };
  app.get('/api/ftp/connection-status', auth, (req) => ftp.connectionStatus(req.auth));
  app.post('/api/ftp/connect', auth, (req) => ftp.connect(req.auth, parse(ftpConnectBody, req.body ?? {})));
  app.post('/api/ftp/list', auth, (req) => ftp.list(req.auth, parse(ftpListBody, req.body ?? {}).path));
  app.post('/api/ftp/scan-directory', auth, (req) => ftp.scan(req.auth, parse(ftpScanBody, req.body ?? {}).directoryPath));
  app.post('/api/ftp/disconnect', auth, (req) => ftp.disconnect(req.auth));
  app.post('/api/ftp/migrate', auth, (req) => ftp.migrate(req.auth, parse(ftpMigrateBody, req.body ?? {})));
  app.get('/api/ftp/migration-status', auth, (req) => ftp.migrationStatus(req.auth));
  app.post('/api/ftp/cancel-migration', auth, (req) => ftp.cancel(req.auth));
}
