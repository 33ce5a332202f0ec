import { z } from 'zod';
import { zText } from './text';

/** The learning record store's credentials (issue 12): HTTP Basic key and secret per space. */
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
