import {
  RESERVED_ORG_CODES,
  type TCreateOrgRequest,
  type TOrgEntry,
  type TOrgPublic,
  type TUserDefaultLanguageResponse,
} from '../../shared/contract/orgs';
import { newId } from '../../shared/domain/ids';
import type { TLanguage } from '../../shared/domain/languages';
import type { AppDeps } from '../http/context';
import { badRequest, conflict, forbidden, notFound, unauthenticated } from '../http/errors';
import { freshOrgCode } from './org-codes.repo';
import {
  addMember,
  findMembership,
  findOrgByCode,
  findUserSpaceInfo,
  insertOrgWithAdmin,
  listUserOrgs,
  type OrgRole,
  type OrgRow,
  setLastVisitedOrg,
  setOrgDefaultLanguage,
  setUserDefaultLanguage,
} from './orgs.repo';

const PERSONAL = 'personal';
const isPersonal = (orgId: string | undefined | null) => !orgId || orgId === PERSONAL;

function toBase(row: OrgRow): Omit<TOrgEntry, 'role'> {
  return {
    _id: row.id,
    orgId: row.id,
    name: row.name,
    description: row.description,
    orgCode: row.orgCode,
    iconUrl: row.iconUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    disableModel: row.disableModel,
    additionalModel: row.additionalModel,
  };
}

export const toOrgEntry = (row: OrgRow, role: OrgRole): TOrgEntry => ({ ...toBase(row), role });

export type OrgsService = ReturnType<typeof createOrgsService>;

export function createOrgsService(deps: AppDeps) {
  const db = deps.database.db;

  return {
    async list(userId: string) {
      const info = await findUserSpaceInfo(db, userId);
      if (!info) throw unauthenticated('Your session has expired');
      const orgs = await listUserOrgs(db, userId);
      return {
        data: orgs.map((o) => toOrgEntry(o, o.role)),
        lastVisitedOrgId: info.lastVisitedOrgId ?? '',
        success: true,
      };
    },

    async switchOrg(userId: string, orgId: string): Promise<string> {
      if (isPersonal(orgId)) {
        await setLastVisitedOrg(db, userId, null);
        return '';
      }
      if (!(await findMembership(db, orgId, userId)))
        throw forbidden('You are not a member of this organization.');
      await setLastVisitedOrg(db, userId, orgId);
      return orgId;
    },

    async byCode(orgCode: string, userId: string) {
      const org = await findOrgByCode(db, orgCode);
      if (!org) throw notFound('Organization');
      return { ...toBase(org), isMember: (await findMembership(db, org.id, userId)) !== null };
    },

    async byCodePublic(orgCode: string): Promise<TOrgPublic> {
      const org = await findOrgByCode(db, orgCode);
      if (!org) throw notFound('Organization');
      return { _id: org.id, orgId: org.id, name: org.name, orgCode: org.orgCode, iconUrl: org.iconUrl };
    },

    /** Joins as member (an admin stays admin) and makes it the last visited space. */
    async join(orgCode: string, userId: string): Promise<TOrgEntry> {
      const org = await findOrgByCode(db, orgCode);
      if (!org) throw notFound('Organization');
      const role = await addMember(db, org.id, userId, 'member');
      await setLastVisitedOrg(db, userId, org.id);
      return toOrgEntry(org, role);
    },

    async create(input: TCreateOrgRequest, userId: string): Promise<TOrgEntry> {
      if (input.orgCode && RESERVED_ORG_CODES.includes(input.orgCode)) {
        throw badRequest(`orgCode: '${input.orgCode}' is reserved`, {
          issues: [{ field: 'orgCode', message: 'is reserved' }],
        });
      }
      const orgCode = input.orgCode ?? (await freshOrgCode(db, input.name));
      const row = await insertOrgWithAdmin(
        db,
        {
          id: newId(),
          name: input.name,
          description: input.description ?? '',
          orgCode,
          iconUrl: input.iconUrl ?? null,
          defaultLanguage: input.defaultLanguage ?? null,
        },
        userId,
      );
      if (!row) throw conflict('This organization code is taken.', { field: 'orgCode' });
      return toOrgEntry(row, 'admin');
    },

    async languages(userId: string): Promise<TUserDefaultLanguageResponse> {
      const info = await findUserSpaceInfo(db, userId);
      if (!info) throw unauthenticated('Your session has expired');
      const orgs = await listUserOrgs(db, userId);
      return {
        personalSpace: { defaultLanguage: info.defaultLanguage },
        orgs: orgs.map((o) => ({ id: o.id, defaultLanguage: o.defaultLanguage })),
        linkedWithGoogleSpreadSheet: info.linkedWithGoogleSpreadSheet,
      };
    },

    /** Personal default for the user; an organisation's default only by its admins. */
    async setLanguage(userId: string, language: TLanguage, orgId: string | undefined): Promise<void> {
      if (isPersonal(orgId)) return setUserDefaultLanguage(db, userId, language);
      const id = orgId as string;
      if ((await findMembership(db, id, userId)) !== 'admin') {
        throw forbidden('Only an administrator of this organization can change its default language.');
      }
      await setOrgDefaultLanguage(db, id, language);
    },
  };
}
