import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /** Stored lower-cased and trimmed; unique. */
  email: text('email').notNull().unique(),
  /** scrypt hash `scrypt$N$r$p$salt$hash`; null for accounts made through OIDC only. */
  passwordHash: text('password_hash'),
  fullname: text('fullname').notNull().default(''),
  profileImg: text('profile_img'),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** Empty / null means the personal space. */
  lastVisitedOrgId: text('last_visited_org_id'),
  defaultLanguage: text('default_language'),
  linkedWithGoogleSpreadSheet: boolean('linked_with_google_spreadsheet').notNull().default(false),
  /** Raised by sign-out and password changes: access tokens of an older version stop working. */
  sessionVersion: integer('session_version').notNull().default(0),
  /**
   * A guest learner: joined an assignment that needs no sign-in with a display name only.
   * The e-mail is a reserved `guest-{id}@guest.invalid`; guests reach nothing but that assignment.
   */
  isGuest: boolean('is_guest').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Rotating refresh tokens. One family per sign-in; a reused token revokes its family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    /** Set when the token was exchanged for its successor. */
    rotatedAt: ts('rotated_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** 6-digit e-mail codes (sign-up verification, password reset), stored hashed. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['signup', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('email_codes_email_idx').on(t.email, t.purpose)],
);

/** OIDC authorisation requests in flight (state → PKCE verifier), so any server process can finish them. */
export const oidcLogins = pgTable('oidc_logins', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  next: text('next'),
  expiresAt: ts('expires_at').notNull(),
});
