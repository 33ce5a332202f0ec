import { randomInt } from 'node:crypto';
import { AssignmentMessage, type TAccessLink } from '../../shared/contract/assignments';
import type { TTopUpRequest } from '../../shared/contract/credits';
import { creditsToNumber } from '../../shared/domain/decimal';
import { newId } from '../../shared/domain/ids';
import { createCreditsService, type TWalletOwner, walletIdOf } from '../credits/credits.service';
import type { AppDeps } from '../http/context';
import { badRequest, conflict, notFound } from '../http/errors';
import { type Caller, managedAssignment } from './access';
import { accessLinkView } from './assignments.view';
import { type AccessLinkRow, findAccessLink, insertAccessLink, listAccessLinks } from './participants.repo';

const LINK_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LINK_CODE_LENGTH = 12;
const LINK_CODE = /^[a-z0-9]{1,40}$/;

function newLinkCode(): string {
  let code = '';
  for (let i = 0; i < LINK_CODE_LENGTH; i++) code += LINK_ALPHABET[randomInt(LINK_ALPHABET.length)];
  return code;
}

/** The wallet of a public access link: its own, `accessLink:<code>`, filled by top-ups. */
export const accessLinkWallet = (code: string): TWalletOwner => ({ kind: 'accessLink', id: code });

/**
 * Public access links (spec 02 §2 Public Access Link tab): anyone with the URL may use the
 * assignment, paid from the link's own wallet. Managers top it up from the space's wallet (the
 * organisation's, or their personal one in the personal space) through the credits service.
 */
export function createLinksService(deps: AppDeps) {
  const db = deps.database.db;
  const credits = createCreditsService(deps);

  async function views(links: AccessLinkRow[], origin: string): Promise<TAccessLink[]> {
    const sums = await credits.summaries(links.map((l) => accessLinkWallet(l.code)));
    return links.map((l) => {
      const s = sums.get(walletIdOf(accessLinkWallet(l.code)));
      return accessLinkView(l, origin, { remaining: s?.available ?? 0n, used: s?.spent ?? 0n });
    });
  }

  /** A link the caller manages (404 for an unknown code or another space, 403 for non-managers). */
  async function managedLink(caller: Caller, code: string): Promise<AccessLinkRow> {
    const link = LINK_CODE.test(code) ? await findAccessLink(db, code) : null;
    if (!link) throw notFound('Access link');
    await managedAssignment(db, caller, link.assignmentId);
    return link;
  }

  return {
    async list(caller: Caller, id: string, origin: string) {
      const { row } = await managedAssignment(db, caller, id);
      const accessLinks = await views(await listAccessLinks(db, row.id), origin);
      const account = await credits.balanceOf(credits.payerForSpace(caller, caller.userId));
      return { accessLinks, creditBalance: creditsToNumber(account.available) };
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
          const data = accessLinkView(link, origin, { remaining: 0n, used: 0n });
          return { code: data.id, data, message: AssignmentMessage.linkCreated };
        }
      }
      throw conflict('Could not allocate a link code; please try again');
    },

    async get(caller: Caller, code: string, origin: string): Promise<{ data: TAccessLink }> {
      const link = await managedLink(caller, code);
      const [data] = await views([link], origin);
      return { data };
    },

    /**
     * Moves `amount` from the space's wallet (`deductFrom` must name it: spec 02 §5) into the link's
     * wallet. A retry with the same `Idempotency-Key` header moves the credits once.
     */
    async topUp(caller: Caller, code: string, body: TTopUpRequest, origin: string, retryKey?: string) {
      const link = await managedLink(caller, code);
      const from = credits.topUpSource(caller, caller.userId, body.deductFrom);
      await credits.transfer({
        from,
        to: accessLinkWallet(link.code),
        amount: body.amount,
        reason: 'topUp',
        reference: `accessLink:${link.code}`,
        idempotencyKey: `accessLink-topup:${link.code}:${retryKey ?? newId()}`,
        by: caller.userId,
      });
      const [data] = await views([link], origin);
      return { data, message: AssignmentMessage.linkToppedUp };
    },
  };
}
