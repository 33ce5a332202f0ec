import { join, resolve } from 'node:path';
import { createAiProvider } from './adapters/ai/provider';
import { createMailAdapter } from './adapters/mail/mail';
import { createTokenService } from './auth/tokens';
import { createImageCompressor } from './chat/image-pool';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed';
import type { TEnv } from './env';
import type { AppDeps } from './http/context';
import { createLogger } from './http/logger';

/** Opens the database (migrating it) and assembles what the app needs; shared by main and tests. */
export async function bootstrap(env: TEnv, opts: { clientDir?: string } = {}): Promise<AppDeps> {
  const logger = createLogger(env.LOG_LEVEL);
  const database = await openDatabase(
    env.DATABASE_URL
      ? { url: env.DATABASE_URL }
      : {
          pgliteDir: resolve(join(env.DATA_DIR, 'db')),
          // What the embedded database did at start (a lock, a restore) is said in the server's log.
          pgliteCare: {
            backupEveryMs: env.PGLITE_BACKUP_HOURS * 3600_000,
            backupsKept: env.PGLITE_BACKUPS_KEPT,
            log: (level, msg, fields) => logger[level](msg, fields),
          },
        },
  );
  const tokens = await createTokenService(database.db, env);
  const mail = createMailAdapter(env, database.db, logger);
  const ai = createAiProvider(env);
  const images = createImageCompressor({ logger });
  const deps: AppDeps = { env, database, logger, tokens, mail, ai, images, clientDir: opts.clientDir };
  if (env.SEED_DEMO) await seedDemo(deps);
  return deps;
}
