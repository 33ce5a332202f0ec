import { z } from 'zod';
import { zText } from './text';

/** The learning record store's credentials: HTTP Basic key and secret per space. */
export const ZCreateLrsCredentialRequest = z.object({
  name: zText().trim().min(1, 'Give the credentials a name').max(100),
});
export type TCreateLrsCredentialRequest = z.infer<typeof ZCreateLrsCredentialRequest>;

export const ZLrsKeyParams = z.object({
  key: zText().regex(/^[0-9a-f]{24}$/, 'must be a credentials key'),
});

export const ZLrsCredential = z.object({
  key: zText(),
  name: zText(),
  createdAt: zText(),
});
export type TLrsCredential = z.infer<typeof ZLrsCredential>;

/** The list never carries a secret; `endpoint` is the /xapi/ address to give xAPI clients. */
export const ZLrsCredentialList = z.object({
  data: z.array(ZLrsCredential),
  endpoint: zText(),
});
export type TLrsCredentialList = z.infer<typeof ZLrsCredentialList>;

/** The only answer that carries the secret. */
export const ZCreatedLrsCredential = ZLrsCredential.extend({
  secret: zText(),
  endpoint: zText(),
});
export type TCreatedLrsCredential = z.infer<typeof ZCreatedLrsCredential>;

/** Longest retention that can be set: a century, i.e. "keep", spelled as a number. */
export const LRS_RETENTION_MAX_MONTHS = 1200;

/**
 * How long the space keeps its statements: `months` after they were stored, or null for ever (the
 * default). Only the space's owner sets it (an organisation's admins; the personal space's user).
 */
export const ZLrsRetention = z.object({
  months: z
    .number()
    .int('must be a whole number of months')
    .min(1, 'must be at least 1 month')
    .max(LRS_RETENTION_MAX_MONTHS, `must be at most ${LRS_RETENTION_MAX_MONTHS} months`)
    .nullable(),
});
export type TLrsRetention = z.infer<typeof ZLrsRetention>;
