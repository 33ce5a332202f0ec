import type { TestApp } from './harness';
import type { TestUser } from './helpers/users';

/** Uploads a document to the knowledge bank route as the bank panel does (multipart). */
export function uploadDocument(
  t: TestApp,
  u: TestUser,
  name: string,
  bytes: BlobPart | Uint8Array<ArrayBufferLike>,
  opts: { orgId?: string; bankId?: string; bankName?: string; field?: string } = {},
) {
  const form = new FormData();
  // A copy: a Uint8Array over a SharedArrayBuffer-like buffer is no BlobPart to TypeScript's DOM types.
  const part = bytes instanceof Uint8Array ? new Uint8Array(bytes) : bytes;
  form.set(opts.field ?? 'file', new File([part], name));
  if (opts.bankId) form.set('bankId', opts.bankId);
  if (opts.bankName) form.set('name', opts.bankName);
  return t.call('POST', '/api/knowledge-bot/upload', { token: u.token, orgId: opts.orgId, raw: form });
}

export const searchBanks = (t: TestApp, u: TestUser, bankIds: string[], query: string, orgId?: string) =>
  t.call('POST', '/api/knowledge-bank/search', { token: u.token, orgId, body: { bankIds, query } });

/** Pages of a small science handout; page 2 is the one about cells. */
export const HANDOUT_PAGES = [
  'The water cycle moves water between oceans, air and land. Evaporation lifts water vapour into the air.',
  'Cells are the building blocks of life. The mitochondria release energy for the cell by respiration.',
  'Volcanoes form where magma rises through the crust. Lava cools into igneous rock.',
];
