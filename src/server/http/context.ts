import type { AiProvider } from '../adapters/ai/ai';
import type { AiMediaProvider } from '../adapters/ai/media';
import type { MailAdapter } from '../adapters/mail/mail';
import type { FileStorage } from '../adapters/storage/storage';
import type { YoutubeCaptions } from '../adapters/youtube/captions';
import type { TokenService } from '../auth/tokens';
import type { ImageCompressor } from '../chat/image-pool';
import type { Database } from '../db/client';
import type { TEnv } from '../env';
import type { Logger } from './logger';

/** Everything a route needs from the outside world, built once at start (and per test file). */
export interface AppDeps {
  env: TEnv;
  database: Database;
  logger: Logger;
  tokens: TokenService;
  /** Dev outbox by default, SMTP when SMTP_URL is set. */
  mail: MailAdapter;
  /** The offline provider by default, an OpenAI-compatible API when AI_BASE_URL is set. */
  ai: AiProvider;
  /** Speech, transcription and images of the same provider (a lazy default from the env when not given). */
  aiMedia?: AiMediaProvider;
  /** YouTube's captions endpoint (tests point it at a local fake). */
  youtube?: YoutubeCaptions;
  /** Uploaded files (xAPI attachments): DATA_DIR/files unless a test or an S3 adapter gives one. */
  storage?: FileStorage;
  /** Compressed copies of uploaded images, on worker threads (a lazy default when not given). */
  images?: ImageCompressor;
  /** Folder of the built client (vite build output); the API still works without it. */
  clientDir?: string;
}

/** Who is calling: set by requireAuth. */
export interface AuthInfo {
  userId: string;
  email: string;
  /** A guest learner (no account): set only on routes that take guests (requireAuth's `guests`). */
  guest?: boolean;
}

/** The space of the call, from the orgId header; set by orgScope after checking membership. */
export interface SpaceInfo {
  /** null for the personal space. */
  orgId: string | null;
  role: 'admin' | 'member' | null;
}

/** Per-request values set by middleware. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    auth: AuthInfo;
    space: SpaceInfo;
    /** Names an answer that repeats, so its gzip is reused while its text is the same (text-memo.ts). */
    answerKey: string;
  };
}
