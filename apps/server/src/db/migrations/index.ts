import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../platform/db.ts';
import { initial } from './001-initial.ts';
import { live } from './002-live.ts';
import { library } from './003-library.ts';
import { sessions } from './004-sessions.ts';
import { lives } from './005-lives.ts';
import { channel } from './006-channel.ts';
import { tools } from './007-tools.ts';
import { audience } from './008-audience.ts';
import { apps } from './009-apps.ts';
import { limits } from './010-limits.ts';
import { pushLimits } from './011-push-limits.ts';
import { namedStates } from './012-named-states.ts';
import { jobErrorCode } from './013-job-error-code.ts';
import { management } from './014-management.ts';
import { apiKeys } from './015-api-keys.ts';
import { servers } from './016-servers.ts';
import { installation } from './017-installation.ts';
import { recordings } from './018-recordings.ts';
import { srt } from './019-srt.ts';
import { fallback } from './020-fallback.ts';
import { suspension } from './021-suspension.ts';
import { endReasonCodes } from './022-end-reason-codes.ts';
import { processErrorCodes } from './023-process-error-codes.ts';

/** Every migration, in order; the same set serves SQLite and PostgreSQL. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-initial': initial(dialect),
    '002-live': live(dialect),
    '003-library': library(dialect),
    '004-sessions': sessions(),
    '005-lives': lives(dialect),
    '006-channel': channel(dialect),
    '007-tools': tools(dialect),
    '008-audience': audience(),
    '009-apps': apps(dialect),
    '010-limits': limits(),
    '011-push-limits': pushLimits(),
    '012-named-states': namedStates(),
    '013-job-error-code': jobErrorCode(),
    '014-management': management(dialect),
    '015-api-keys': apiKeys(dialect),
    '016-servers': servers(),
    '017-installation': installation(),
    '018-recordings': recordings(dialect),
    '019-srt': srt(),
    '020-fallback': fallback(),
    '021-suspension': suspension(),
    '022-end-reason-codes': endReasonCodes(),
    '023-process-error-codes': processErrorCodes(),
  };
}
