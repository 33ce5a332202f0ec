import { Hono } from 'hono';
import { z } from 'zod';
import {
  KNOWLEDGE_MAX_BYTES,
  ZKnowledgeSearchRequest,
  ZKnowledgeUploadFields,
} from '../../shared/contract/knowledge';
import { zText } from '../../shared/contract/text';
import { newId } from '../../shared/domain/ids';
import { createFileStorage, type FileStorage } from '../adapters/storage/storage';
import { createCreditsService } from '../credits/credits.service';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/context';
import { badRequest, zodToAppError } from '../http/errors';
import { orgScope } from '../http/org-scope';
import { limitBody } from '../http/security';
import { jsonBody, params } from '../http/validate';
import { callerOf } from '../tools/caller';
import { banksReadable } from './knowledge.repo';
import { createKnowledgeService } from './knowledge.service';

export const KNOWLEDGE_UPLOAD_PATH = '/api/knowledge-bot/upload';

const zId = () => zText().regex(/^[0-9a-f]{24}$/, 'must be an id of 24 hexadecimal characters');
const ZBankParams = z.object({ id: zId() });
const ZDocumentParams = z.object({ id: zId(), documentId: zId() });

/**
 * Knowledge banks of the space in the orgId header (spec 03 §7): signed-in members only;
 * another space's bank is a 404. Changing a bank: its creator, or an admin of its organisation.
 */
export function knowledgeRoutes(
  deps: AppDeps,
  storage: FileStorage = deps.storage ?? createFileStorage(deps.env, deps.logger),
) {
  const auth = requireAuth(deps);
  const scope = orgScope(deps);
  const service = createKnowledgeService(deps, storage);
  const credits = createCreditsService(deps);
  return (
    new Hono<AppEnv>()
      .post('/knowledge-bot/upload', limitBody(KNOWLEDGE_MAX_BYTES + 64 * 1024), auth, scope, async (c) => {
        const form = await c.req.parseBody().catch(() => {
          throw badRequest('body: must be multipart/form-data with a document file');
        });
        const file = form.file ?? form.media;
        if (!(file instanceof File)) throw badRequest('file: a document file is required');
        const fields = ZKnowledgeUploadFields.safeParse({
          bankId: typeof form.bankId === 'string' && form.bankId !== '' ? form.bankId : undefined,
          name: typeof form.name === 'string' && form.name.trim() !== '' ? form.name : undefined,
        });
        if (!fields.success) throw zodToAppError(fields.error, 'body');
        const bytes = new Uint8Array(await file.arrayBuffer());
        const answer = await service.upload(callerOf(c), { name: file.name, bytes }, fields.data);
        return c.json(answer, 201);
      })
      .get('/knowledge-bank', auth, scope, async (c) => c.json({ data: await service.list(callerOf(c)) }))
      .get('/knowledge-bank/:id', auth, scope, async (c) => {
        const { id } = params(c, ZBankParams);
        return c.json(await service.detail(callerOf(c), id));
      })
      .delete('/knowledge-bank/:id', auth, scope, async (c) => {
        const { id } = params(c, ZBankParams);
        await service.removeBank(callerOf(c), id);
        return c.json({ deleted: true });
      })
      .delete('/knowledge-bank/:id/documents/:documentId', auth, scope, async (c) => {
        const { id, documentId } = params(c, ZDocumentParams);
        await service.removeDocument(callerOf(c), id, documentId);
        return c.json({ deleted: true });
      })
      // Tries a bank out (the block panel, tests): the passages an AI block would be given.
      .post('/knowledge-bank/search', auth, scope, async (c) => {
        const body = await jsonBody(c, ZKnowledgeSearchRequest);
        const caller = callerOf(c);
        const space = { orgId: caller.orgId, userId: caller.userId };
        const bankIds = await banksReadable(deps.database.db, body.bankIds, space);
        const answer = await service.retriever.retrieve({
          bankIds,
          query: body.query,
          limit: body.limit,
          payer: credits.payerForSpace(caller, caller.userId),
          reference: `knowledge-search:${caller.orgId ?? caller.userId}`,
          idempotencyKey: `knowledge-search:${newId()}`,
          by: caller.userId,
        });
        return c.json(answer);
      })
  );
}
