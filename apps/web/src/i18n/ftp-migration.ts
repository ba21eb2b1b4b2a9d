import source from './pt-BR/ftp-migration.ts';
import { defineTexts } from './store.ts';

export const ftpMigrationCatalogue = defineTexts('ftp-migration', source);
