import type { Generated, Selectable } from 'kysely';
import type { Suspension } from '@painel/contract';

export interface AccountsTable {
  id: Generated<number>;
  email: string;
  usuario: string;
  nome: string;
  tipo: 'admin' | 'revenda' | 'streaming';
  password_hash: string;
  token_version: Generated<number>;
  ftp_password: string;
  bitrate: number;
  espectadores: number;
  espaco: number;
  /** Lives (one ffmpeg each) running at the same instant; see migration 010. */
  max_lives_ativas: Generated<number>;
  /** Lives not over yet (scheduled or running). */
  max_lives: Generated<number>;
  /** Bookings (agendamentos). */
  max_agendamentos: Generated<number>;
  revenda_id: number | null;
  codigo_servidor: number | null;
  codigo_cliente: number | null;
  /** Active, or suspended and by whom (migration 021); read it with isSuspended(). */
  suspension: Generated<Suspension>;
  /** How many streamings a revenda may have; 0 for the others. */
  max_streamings: Generated<number>;
  /** What OBS carries in the stream key; null until first needed (accounts made after migration 002). */
  stream_secret: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    accounts: AccountsTable;
  }
}

// the signed-in account a request carries is the whole row
declare module '../../platform/auth.ts' {
  interface AuthAccount extends Selectable<AccountsTable> {}
}
