import type { TBalanceResponse, TGrant, TGrantRequest, TLedgerResponse } from '../../shared/contract/credits';
import { creditsToNumber, parseCredits } from '../../shared/domain/decimal';
import { newId } from '../../shared/domain/ids';
import { findUserByEmail } from '../auth/auth.repo';
import type { AppDeps, AuthInfo, SpaceInfo } from '../http/context';
import { badRequest, forbidden, notFound } from '../http/errors';
import { findOrgByCode } from '../orgs/orgs.repo';
import type { CreditsService, TBalance, TWalletOwner } from './credits.service';
import { apiKeyNames } from './ledger-names.repo';
import { listGrants } from './wallets.repo';

/**
 * Who may see and change which wallet through the credits routes, and the answers' shapes (amounts
 * as JSON numbers rounded to 6 decimals). Spending itself is never a route: features call the
 * credits service.
 */
const n = creditsToNumber;
const wallet = (b: TBalance) => ({ balance: n(b.available), held: n(b.reserved) });

export function createCreditsAccess(deps: AppDeps, credits: CreditsService) {
  const db = deps.database.db;
  const isOperator = (auth: AuthInfo) => deps.env.ADMIN_EMAILS.includes(auth.email.toLowerCase());

  function requireOrgAdmin(space: SpaceInfo): string {
    if (!space.orgId) throw badRequest('orgId: choose an organisation space (orgId header)');
    if (space.role !== 'admin') throw forbidden('Only an administrator of this organization can do this.');
    return space.orgId;
  }

  async function orgBalance(orgId: string) {
    const b = await credits.balanceOf({ kind: 'org', orgId });
    return {
      orgId,
      ...wallet(b),
      monthlyLimit: b.monthlyLimit === null ? null : n(b.monthlyLimit),
      usedThisMonth: n(b.usedThisMonth),
    };
  }

  return {
    isOperator,

    /** The caller's personal wallet, and the space's organisation wallet for its members. */
    async balances(auth: AuthInfo, space: SpaceInfo): Promise<TBalanceResponse['data']> {
      const personal = wallet(await credits.balanceOf({ kind: 'user', userId: auth.userId }));
      const canGrant = isOperator(auth);
      if (!space.orgId) return { personal, canGrant };
      return { personal, organization: await orgBalance(space.orgId), canGrant };
    },

    /** Own personal wallet; the organisation's wallet only for its admins. */
    async ledger(
      auth: AuthInfo,
      space: SpaceInfo,
      q: { wallet: 'personal' | 'organization'; limit: number; before?: number },
    ): Promise<TLedgerResponse> {
      let owner: TWalletOwner = { kind: 'user', userId: auth.userId };
      if (q.wallet === 'organization') owner = { kind: 'org', orgId: requireOrgAdmin(space) };
      const items = await credits.ledger(owner, { limit: q.limit + 1, before: q.before });
      const page = items.slice(0, q.limit);
      const keyNames = await apiKeyNames(
        db,
        owner,
        page.map((i) => i.reference),
      );
      return {
        data: page.map((i) => ({
          _id: i.id,
          amount: n(i.amount),
          balanceAfter: i.balanceAfter === null ? null : n(i.balanceAfter),
          reason: i.reason,
          reference: i.reference,
          ...(keyNames.has(i.reference) ? { apiKeyName: keyNames.get(i.reference) } : {}),
          createdAt: i.createdAt.toISOString(),
        })),
        nextCursor: items.length > q.limit ? (page.at(-1)?.seq ?? null) : null,
      };
    },

    /** Organisation admins set or remove their organisation's monthly limit. */
    async setMonthlyLimit(space: SpaceInfo, limit: bigint | null) {
      const orgId = requireOrgAdmin(space);
      await credits.setMonthlyLimit(orgId, limit);
      return orgBalance(orgId);
    },

    /** Operators (ADMIN_EMAILS) add credits to a user's or an organisation's wallet. */
    async grant(auth: AuthInfo, body: TGrantRequest) {
      if (!isOperator(auth)) throw forbidden('Only operators can grant credits.');
      let to: TWalletOwner;
      let target: TGrant['target'];
      if (body.email) {
        const user = await findUserByEmail(db, body.email);
        if (!user) throw notFound('User');
        to = { kind: 'user', userId: user.id };
        target = { kind: 'user', label: user.email };
      } else {
        const org = await findOrgByCode(db, body.orgCode ?? '');
        if (!org) throw notFound('Organization');
        to = { kind: 'org', orgId: org.id };
        target = { kind: 'org', label: org.name };
      }
      const note = body.note ?? '';
      const t = await credits.grant({
        to,
        amount: body.amount,
        reference: note,
        idempotencyKey: `grant:${body.idempotencyKey ?? newId()}`,
        by: auth.userId,
      });
      const balance = await credits.balanceOf(to);
      return {
        _id: t.transferId ?? '',
        amount: n(t.amount),
        target,
        note,
        createdAt: new Date().toISOString(),
        balance: n(balance.available),
        replayed: t.replayed,
      };
    },

    async grants(auth: AuthInfo, limit: number): Promise<TGrant[]> {
      if (!isOperator(auth)) throw forbidden('Only operators can grant credits.');
      const rows = await listGrants(db, limit);
      return rows.map((r) => ({
        _id: r.id,
        amount: n(parseCredits(r.amount)),
        target: {
          kind: r.toWalletId.startsWith('org:') ? ('org' as const) : ('user' as const),
          label: r.label ?? '',
        },
        note: r.reference,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}
