import { defineModule } from '../module.ts';
import { createAuditService, type AuditService } from './audit.service.ts';

declare module '../module.ts' {
  interface Services {
    audit: AuditService;
  }
}

/** The audit log of what resellers, the operator and billing systems did to accounts. */
export const auditModule = defineModule({
  name: 'audit',
  services: { audit: (ctx) => createAuditService({ db: ctx.store.db }) },
});
