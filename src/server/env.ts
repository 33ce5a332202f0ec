import { z } from 'zod';
import { parseAllowList } from './adapters/http-out/address-policy';
import { parseTrustedProxies } from './http/client-ip';

/**
 * The only reader of process.env. Every outside service has an embedded default so that
 * `npm start` runs on a fresh machine with no account anywhere (ARCHITECTURE §1).
 */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin used in links inside e-mails and OIDC redirects. */
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** The built PWA to serve; dist/client when absent (a client built elsewhere, or a test's copy). */
  CLIENT_DIR: z.string().optional(),
  /** PostgreSQL connection string; PGlite in DATA_DIR/db when absent. */
  DATABASE_URL: z.string().optional(),
  /** Secret that signs access tokens; generated and kept in DATA_DIR when absent. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Flowlearn <no-reply@flowlearn.local>'),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('auto'),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().default('gpt-5-mini'),
  /** Embedding model of the same API (`/embeddings`) for knowledge bank vectors; unset: full-text search only. */
  AI_EMBEDDING_MODEL: z.string().min(1).optional(),
  /** host:port list of local model servers a Local AI Model block may use (adapters/ai/local-models.ts). */
  LOCAL_AI_HOSTS: z.string().default('localhost:11434,127.0.0.1:11434,localhost:1234,127.0.0.1:1234'),
  /** Largest accepted request body in bytes (413 past it). */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Largest /xapi/ request body (statements with attachments) in bytes (413 past it). */
  XAPI_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024 * 1024),
  /**
   * Per 15-minute window: failed sign-ins per account from one address / per address; code requests
   * per e-mail / per address. PER_IP also sets the join-code tries per user (join-code-limits.ts).
   */
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  /**
   * Proxies whose X-Forwarded-For is believed for rate limits: comma-separated addresses or CIDR
   * ranges (`127.0.0.1, 10.0.0.0/8`). Empty (default): no proxy is trusted, the socket address counts.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .superRefine((v, ctx) => {
      try {
        parseTrustedProxies(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  /** Failed sign-ins of one account (from any address) before the addresses that failed on it are paced. */
  AUTH_SLOW_AFTER_FAILURES: z.coerce.number().int().positive().default(10),
  /**
   * Once paced, an address that failed on the account takes one attempt per this many seconds; an
   * address that has not failed is never paced (nobody can keep the owner out).
   */
  AUTH_SLOW_INTERVAL_SECONDS: z.coerce.number().int().positive().default(30),
  /** Verification and reset codes mailed per e-mail address per hour. */
  AUTH_CODES_PER_HOUR: z.coerce.number().int().positive().default(5),
  /** Server-run block calls per address per minute through a public link or by guests (429 past it). */
  PLAYER_BLOCK_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /** Files one guest learner may upload in an assignment (429 past it). */
  GUEST_UPLOAD_MAX_FILES: z.coerce.number().int().positive().default(30),
  /** Bytes one guest learner may upload in an assignment (413 past it). */
  GUEST_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** Bytes all guests of one assignment may upload together (413 past it). */
  GUEST_ASSIGNMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  /**
   * Days a guest's account and uploads are kept once every assignment they joined has ended (0: at
   * the end); a guest whose assignment was deleted goes at the next sweep. Their xAPI statements stay.
   */
  GUEST_RETENTION_DAYS: z.coerce.number().int().min(0).default(30),
  /** Hours between consistent copies of the embedded database (DATA_DIR/db-backups; 0: none). */
  PGLITE_BACKUP_HOURS: z.coerce.number().min(0).default(6),
  /** Copies of the embedded database kept, newest first. */
  PGLITE_BACKUPS_KEPT: z.coerce.number().int().positive().default(2),
  /** Operators who may grant credits (comma-separated e-mails); the demo account by default. */
  ADMIN_EMAILS: z
    .string()
    .default('demo@flowlearn.local')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Bearer token for GET /metrics; without it /metrics answers only requests from this machine. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Outbound HTTP from blocks (API Call, Web Crawler, Web Search; adapters/http-out): addresses or
   * CIDR ranges the operator lets blocks reach although they are private, loopback or link-local
   * (`10.1.0.0/16, 127.0.0.1`). Empty (default): only public addresses.
   */
  HTTP_OUT_ALLOW: z
    .string()
    .default('')
    .superRefine((v, ctx) => {
      try {
        parseAllowList(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  /** Largest answer a block reads from the web, in bytes. */
  HTTP_OUT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  /** Longest a block's web call may take, redirects included, in milliseconds. */
  HTTP_OUT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Secrets API Call blocks may use as `{{secret:NAME}}` in their headers, as a JSON object
   * (`{"WEATHER_KEY":"…"}`). Resolved on the server only; never sent to a browser or stored in a flow.
   */
  HTTP_OUT_SECRETS: z
    .string()
    .default('{}')
    .transform((v, ctx) => {
      try {
        const parsed: unknown = JSON.parse(v);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          const entries = Object.entries(parsed).filter(([, s]) => typeof s === 'string');
          return Object.fromEntries(entries) as Record<string, string>;
        }
      } catch {}
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of names to text values' });
      return z.NEVER;
    }),
  /** A SearXNG-compatible search API (`https://searx.example/search`, format=json) for Web Search blocks. */
  SEARCH_URL: z.string().url().optional(),
  /**
   * Google blocks (Write to Google Sheet, Send Gmail; adapters/google): the OAuth client and a refresh
   * token of the Google account the operator connects. Unset (default): the blocks say "not connected".
   */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_REFRESH_TOKEN: z.string().optional(),
  /** Sends every Google call to this origin instead (a local fake in tests, or a proxy). */
  GOOGLE_API_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Seed the demo account and demo content at start when the database has none. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type TEnv = z.infer<typeof ZEnv>;

/** Every setting the server reads (the README's environment table, compose.yaml). */
export const ENV_KEYS: readonly string[] = Object.keys(ZEnv.shape);

export function readEnv(source: Record<string, string | undefined> = process.env): TEnv {
  // An empty value means unset: compose files and .env templates write `AI_BASE_URL=` for "none".
  const given = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = ZEnv.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
