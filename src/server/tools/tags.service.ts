import type { z } from 'zod';
import type { TTag, ZCreateTagRequest, ZUpdateTagRequest } from '../../shared/contract/tools';
import { isId, newId } from '../../shared/domain/ids';
import type { AppDeps } from '../http/context';
import { conflict, forbidden, notFound } from '../http/errors';
import type { Caller } from './caller';
import { deleteTag, findTag, findTagByName, insertTag, listTags, type TagRow, updateTag } from './tags.repo';
import { tagView } from './tools.view';

const taken = (name: string) => conflict(`A tag named "${name}" already exists`);

/** Tags: every signed-in user reads them; organisation admins manage their organisation's own. */
export function createTagsService(deps: AppDeps) {
  const db = deps.database.db;

  function requireOrgAdmin(caller: Caller): string {
    if (!caller.orgId) throw forbidden('Tags can only be managed in an organization');
    if (caller.role !== 'admin') throw forbidden('Only organization admins can manage tags');
    return caller.orgId;
  }

  /** A tag of the caller's organisation; another organisation's is "not found", a default tag is read-only. */
  async function ownTag(caller: Caller, id: string): Promise<TagRow> {
    const orgId = requireOrgAdmin(caller);
    const tag = isId(id) ? await findTag(db, id) : null;
    if (!tag || (tag.orgId !== null && tag.orgId !== orgId)) throw notFound('Tag');
    if (tag.orgId === null) throw forbidden('Default tags cannot be changed');
    return tag;
  }

  return {
    async list(caller: Caller, limit: number): Promise<TTag[]> {
      return (await listTags(db, caller.orgId, limit)).map(tagView);
    },

    async create(caller: Caller, body: z.output<typeof ZCreateTagRequest>): Promise<TTag> {
      const orgId = requireOrgAdmin(caller);
      if (await findTagByName(db, orgId, body.name)) throw taken(body.name);
      const row = await insertTag(db, {
        id: newId(),
        orgId,
        name: body.name,
        description: body.description ?? '',
      });
      if (!row) throw taken(body.name);
      return tagView(row);
    },

    async update(caller: Caller, id: string, body: z.output<typeof ZUpdateTagRequest>): Promise<TTag> {
      const tag = await ownTag(caller, id);
      if (body.name !== undefined && (await findTagByName(db, tag.orgId, body.name, tag.id)))
        throw taken(body.name);
      const changes = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
      };
      const row = await updateTag(db, tag.id, changes);
      if (row === 'taken') throw taken(body.name ?? tag.name);
      if (!row) throw notFound('Tag');
      return tagView(row);
    },

    async remove(caller: Caller, id: string): Promise<void> {
      await deleteTag(db, await ownTag(caller, id));
    },
  };
}
