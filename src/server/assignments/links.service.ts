import { randomInt } from 'node:crypto';
import { AssignmentMessage, type TAccessLink } from '../../shared/contract/assignments';
import type { AppDeps } from '../http/context';
import { badRequest, conflict, notFound } from '../http/errors';
import { type Caller, managedAssignment } from './access';
import { accessLinkView } from './assignments.view';
import { findAccessLink, insertAccessLink, listAccessLinks } from './participants.repo';

const LINK_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LINK_CODE_LENGTH = 12;

function newLinkCode(): string {
  let code = '';
  for (let i = 0; i < LINK_CODE_LENGTH; i++) code += LINK_ALPHABET[randomInt(LINK_ALPHABET.length)];
  return code;
}

/**
 * Public access links (spec 02 §2 Public Access Link tab): anyone with the URL may use the
 * assignment. Each link's credit wallet belongs to the credits area (not built here yet).
 */
export function createLinksService(deps: AppDeps) {
  const db = deps.database.db;

  return {
    async list(caller: Caller, id: string, origin: string): Promise<{ accessLinks: TAccessLink[] }> {
      const { row } = await managedAssignment(db, caller, id);
      return { accessLinks: (await listAccessLinks(db, row.id)).map((l) => accessLinkView(l, origin)) };
    },

    /** `orgId`, when sent, must be the assignment's own space ('personal' or '' for none). */
    async create(caller: Caller, id: string, orgId: string | null | undefined, origin: string) {
      const { row } = await managedAssignment(db, caller, id);
      if (row.disablePublicAccessLink)
        throw badRequest('Public access links are disabled for this assignment.');
      const asked = orgId === 'personal' || orgId === '' ? null : orgId;
      if (asked !== undefined && asked !== row.orgId)
        throw badRequest("orgId: must be the assignment's organization");
      for (let attempt = 0; attempt < 5; attempt++) {
        const link = await insertAccessLink(db, {
          code: newLinkCode(),
          assignmentId: row.id,
          orgId: row.orgId,
          createdBy: caller.userId,
        });
        if (link) {
          const data = accessLinkView(link, origin);
          return { code: data.id, data, message: AssignmentMessage.linkCreated };
        }
      }
      throw conflict('Could not allocate a link code; please try again');
    },

    async get(caller: Caller, code: string, origin: string): Promise<{ data: TAccessLink }> {
      const link = /^[a-z0-9]{1,40}$/.test(code) ? await findAccessLink(db, code) : null;
      if (!link) throw notFound('Access link');
      // Managing the link is managing its assignment (404 from another space, 403 otherwise).
      await managedAssignment(db, caller, link.assignmentId);
      return { data: accessLinkView(link, origin) };
    },
  };
}
