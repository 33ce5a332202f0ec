import { z } from 'zod';
import { ID_PATTERN } from '../domain/ids';
import { ZEmail } from './auth';
import { zText } from './text';

/**
 * Collections ("projects" in the API) and their members (spec 03 §2, §3, §6, §7). Every route needs a
 * signed-in user and works in the space of the `orgId` header (personal when absent):
 *   POST   /api/projects                          TCreateCollectionRequest → 201 { data, message }
 *   GET    /api/projects?keyword=                 → { data: TCollection[] } (updatedAt desc)
 *   GET    /api/projects/{id}                     → { data }
 *   PUT    /api/projects/{id}                     TUpdateCollectionRequest → { data, message }
 *   DELETE /api/projects/{id}                     → { message } (owner only; deletes its flows)
 *   POST   /api/projects/{id}/copy-to-org         TCopyToOrgRequest → 201 { data, message }
 *   GET    /api/projects/{id}/flows?sortBy=&keyword=  → { data: TFlowSummary[] } (see flows.ts)
 *   GET    /api/projects/{id}/owner?limit=        → { data: TMember }
 *   GET    /api/projects/{id}/admins?limit=       → { data: TMember[] }
 *   GET    /api/projects/{id}/collaborators?limit= → { data: TMember[] }
 *   POST   /api/projects/{id}/invite              TInviteRequest → 201 { data: TMember, message }
 *   DELETE /api/projects/{id}/collaborators/{userId}  → { message } (userId may be a pending invite's _id)
 *   DELETE /api/projects/{id}/admins/{userId}     → { message }
 */

export const COLLECTION_NAME_MAX = 120;
export const COLLECTION_DESCRIPTION_MAX = 2000;
export const MEMBER_LIST_LIMIT = 1000;
/** How many of its latest flows a collection answer carries, for the cards of the list. */
export const COLLECTION_FLOW_PREVIEW = 4;

export const ZId = zText().regex(ID_PATTERN, 'must be a 24-character id');

export const ZCollectionRole = z.enum(['owner', 'admin', 'collaborator']);
export type TCollectionRole = z.infer<typeof ZCollectionRole>;

/** Roles that can be given by an invitation. 'coordinator' (older clients) means collaborator. */
export const ZInviteRole = z
  .enum(['admin', 'collaborator', 'coordinator'])
  .transform((r): 'admin' | 'collaborator' => (r === 'admin' ? 'admin' : 'collaborator'));

export const ZMember = z.object({
  /** The user's id, or the invitation's id while `pending`. */
  _id: zText(),
  /** Falls back to the e-mail. */
  fullname: zText(),
  email: zText(),
  role: ZCollectionRole,
  /** Invited address that has no account yet; it joins when it signs up. */
  pending: z.boolean(),
});
export type TMember = z.infer<typeof ZMember>;

export const ZCollectionFlowPreview = z.object({ _id: zText(), name: zText(), updatedAt: zText() });

export const ZCollection = z.object({
  _id: zText(),
  id: zText(),
  name: zText(),
  description: zText(),
  ownerId: zText(),
  /** null: the personal space. */
  orgId: zText().nullable(),
  flowsCount: z.number().int(),
  /** The latest few flows (COLLECTION_FLOW_PREVIEW), newest first. */
  flows: z.array(ZCollectionFlowPreview),
  /** Admins and collaborators, pending invitations included. */
  collaborators: z.array(ZMember),
  /** What the caller may do: owner, admin (also every organisation admin) or collaborator. */
  role: ZCollectionRole,
  createdAt: zText(),
  updatedAt: zText(),
});
export type TCollection = z.infer<typeof ZCollection>;

const ZName = zText({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(COLLECTION_NAME_MAX, `Name must be at most ${COLLECTION_NAME_MAX} characters`);
const ZDescription = zText()
  .trim()
  .max(COLLECTION_DESCRIPTION_MAX, `Description must be at most ${COLLECTION_DESCRIPTION_MAX} characters`);

export const ZCreateCollectionRequest = z.object({
  name: ZName,
  description: ZDescription.optional(),
  /** E-mails invited as collaborators. */
  collaborators: z.array(ZEmail).max(100, 'At most 100 collaborators at once').optional(),
});
export type TCreateCollectionRequest = z.infer<typeof ZCreateCollectionRequest>;

export const ZUpdateCollectionRequest = z.object({
  name: ZName.optional(),
  description: ZDescription.optional(),
});
export type TUpdateCollectionRequest = z.infer<typeof ZUpdateCollectionRequest>;

/** 'personal' (or '') is the personal space. */
export const ZCopyToOrgRequest = z.object({
  orgId: z.union([ZId, z.literal('personal'), z.literal('')], { error: "orgId must be an id or 'personal'" }),
});
export type TCopyToOrgRequest = z.infer<typeof ZCopyToOrgRequest>;

export const ZInviteRequest = z.object({ email: ZEmail, role: ZInviteRole.default('collaborator') });
export type TInviteRequest = z.input<typeof ZInviteRequest>;

export const ZKeyword = zText().trim().max(200);
export const ZKeywordQuery = z.object({ keyword: ZKeyword.optional() });
export const ZLimitQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MEMBER_LIST_LIMIT).default(MEMBER_LIST_LIMIT),
});
export const ZCollectionIdParam = z.object({ id: ZId });
export const ZMemberParam = z.object({ id: ZId, userId: ZId });

export const ZCollectionResponse = z.object({ data: ZCollection });
export const ZCollectionListResponse = z.object({ data: z.array(ZCollection) });
export const ZCollectionWithMessage = z.object({ data: ZCollection, message: zText() });
export const ZMemberResponse = z.object({ data: ZMember });
export const ZMemberListResponse = z.object({ data: z.array(ZMember) });
export const ZInviteResponse = z.object({ data: ZMember, message: zText() });
export const ZCollectionMessage = z.object({ message: zText() });

/** Success texts of spec 03 §8, shown as toasts. */
export const CollectionMessage = {
  created: 'Collection created successfully.',
  updated: 'Collection updated successfully.',
  copied: 'Collection copied successfully.',
  deleted: 'Collection deleted successfully.',
  collaboratorRemoved: 'Collaborator removed successfully.',
  adminRemoved: 'Admin removed successfully.',
  invited: 'Invitation sent successfully.',
  memberAdded: 'Member added successfully.',
} as const;
