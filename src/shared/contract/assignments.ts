import { z } from 'zod';
import { ZEmail } from './auth';
import { ZId } from './collections';
import { zText } from './text';
import { ZPaymentOption } from './tools';

/**
 * Assignments (spec 02 §2–§9). Signed-in user, in the space of the `orgId` header, unless noted:
 *   POST   /api/assignment                          TCreateAssignmentRequest → 201 { data: detail, message }
 *   GET    /api/assignment?limit=&keyword=&sortBy=&status=  → { data: TAssignmentListItem[] }
 *   GET    /api/assignment/check-code/{code}        → { isUnique }
 *   POST   /api/assignment/generate-name-description { flows } → { name, description, provider }
 *   POST   /api/assignment/join                     { code } → { data: TJoinedAssignment, message } (any space)
 *   GET    /api/assignment/{id}                     → { data: TAssignmentDetail }
 *   PUT    /api/assignment/{id}                     TUpdateAssignmentRequest → { data: detail, message }
 *   DELETE /api/assignment/{id}                     → { message }
 *   PUT    /api/assignment/{id}/toggle-pause        { isPaused } → { data: detail, message }
 *   GET    /api/assignment/{id}/participants?search= → { data: TParticipant[], flows }
 *   DELETE /api/assignment/{id}/participants        { participants: ids } → { message, removed }
 *   GET    /api/assignment/{id}/co-owners           → { coOwners: TCoOwner[], owner }
 *   POST   /api/assignment/{id}/co-owners           { coOwnerEmails } → { coOwners, message }
 *   DELETE /api/assignment/{id}/co-owners/{coOwner} → { message }
 *   GET    /api/assignment/{id}/access-links        → { accessLinks: TAccessLink[], creditBalance }
 *   POST   /api/assignment/{id}/access-link         { orgId? } → 201 { code, data: TAccessLink, message }
 *   GET    /api/assignment/access-link/{code}       → { data: TAccessLink } (owner and co-owners)
 *   POST   /api/assignment/access-link/{code}/topup-unit  TTopUpRequest → { data: TAccessLink, message }
 *          (managers; credits move from the space's wallet to the link's own wallet, in the ledger)
 * The owner, the co-owners and (in an organisation) its admins manage an assignment; anyone else in
 * the space gets 403, and an assignment of another space answers 404.
 */

export const ASSIGNMENT_PAGE_SIZE = 20;
export const ASSIGNMENT_LIST_MAX = 1000;
export const ASSIGNMENT_SEARCH_DEBOUNCE_MS = 500;
export const ASSIGNMENT_NAME_MAX = 120;
export const ASSIGNMENT_DESCRIPTION_MAX = 2000;
export const ASSIGNMENT_FLOWS_MAX = 100;
export const JOIN_CODE_MIN = 3;
export const JOIN_CODE_MAX = 32;
export const CO_OWNERS_MAX = 50;
export const COPIED_FEEDBACK_MS = 2000;
export const MATRIX_SCROLL_STEP_PX = 200;
/** spec 02 §9: QR code options; the width drops to 250 on screens up to 500 px. */
export const QR_OPTIONS = { errorCorrectionLevel: 'H', margin: 4, scale: 10, width: 300 } as const;
export const QR_SMALL_WIDTH = 250;
export const QR_SMALL_SCREEN_PX = 500;
export const EMBED_WIDTH = '100%';
export const EMBED_HEIGHT = 600;

export const ZAssignmentType = z.enum(['single', 'Multi', 'Book']);
export type TAssignmentType = z.infer<typeof ZAssignmentType>;
export const ZAssignmentStatus = z.enum(['running', 'paused', 'completed', 'not started']);
export type TAssignmentStatus = z.infer<typeof ZAssignmentStatus>;
export const ZAssignmentSort = z.enum(['default', 'ascending', 'descending', 'A-Z', 'Z-A']);
export type TAssignmentSort = z.infer<typeof ZAssignmentSort>;
/** The status tabs; 'all' is sent as no status at all (spec 02 §4). */
export const STATUS_TABS = ['all', 'running', 'paused', 'completed'] as const;
export type TStatusTab = (typeof STATUS_TABS)[number];

/** Letters and digits only (spec 02 §5). */
export const JOIN_CODE_PATTERN = /^[A-Za-z0-9]+$/;
/** What the code field keeps of what was typed or pasted. */
export const stripJoinCode = (text: string): string => text.replace(/[^A-Za-z0-9]/g, '');

export const ZJoinCode = zText()
  .trim()
  .min(JOIN_CODE_MIN, `must be at least ${JOIN_CODE_MIN} characters`)
  .max(JOIN_CODE_MAX, `must be at most ${JOIN_CODE_MAX} characters`)
  .regex(JOIN_CODE_PATTERN, 'Only alphanumeric characters are allowed.');

const ZName = zText()
  .trim()
  .min(1, 'is required')
  .max(ASSIGNMENT_NAME_MAX, `must be at most ${ASSIGNMENT_NAME_MAX} characters`);
const ZDescription = zText()
  .trim()
  .max(ASSIGNMENT_DESCRIPTION_MAX, `must be at most ${ASSIGNMENT_DESCRIPTION_MAX} characters`);
/** Years outside 2000–9999 are typing mistakes, and year 0 would not even reach the database. */
const inRange = (s: string) => {
  const year = new Date(s).getUTCFullYear();
  return year >= 2000 && year <= 9999;
};
const ZDate = zText()
  .datetime({ offset: true, message: 'must be an ISO date and time' })
  .refine(inRange, 'must be between the years 2000 and 9999');
const ZFlowIds = z
  .array(ZId)
  .min(1, 'choose at least one flow')
  .max(ASSIGNMENT_FLOWS_MAX, `at most ${ASSIGNMENT_FLOWS_MAX} flows`);

export const ZCreateAssignmentRequest = z.object({
  name: ZName,
  description: ZDescription.default(''),
  type: ZAssignmentType.default('single'),
  flowIds: ZFlowIds,
  unitUsageOption: ZPaymentOption,
  /** Optional; built from a date and an HH:MM time in the wizard. null: no end date. */
  endDate: ZDate.nullable().optional(),
  /** Optional; the assignment is 'not started' until then. Default: now. */
  startDate: ZDate.nullable().optional(),
  iconUrl: zText().url().max(2048).nullable().optional(),
});
export type TCreateAssignmentRequest = z.input<typeof ZCreateAssignmentRequest>;

export const ZUpdateAssignmentRequest = z
  .object({
    name: ZName,
    description: ZDescription,
    type: ZAssignmentType,
    flowIds: ZFlowIds,
    unitUsageOption: ZPaymentOption,
    endDate: ZDate.nullable(),
    startDate: ZDate.nullable(),
    iconUrl: zText().url().max(2048).nullable(),
    isLocked: z.boolean(),
    code: ZJoinCode,
    signInRequired: z.boolean(),
    disableSubmissionReport: z.boolean(),
    disableDashboard: z.boolean(),
    disablePublicAccessLink: z.boolean(),
  })
  .partial()
  .strict();
export type TUpdateAssignmentRequest = z.input<typeof ZUpdateAssignmentRequest>;

export const ZTogglePauseRequest = z.object({
  isPaused: z.boolean({ error: 'isPaused must be true or false' }),
});

export const ZAssignmentListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ASSIGNMENT_LIST_MAX).default(ASSIGNMENT_PAGE_SIZE),
  keyword: zText().trim().max(200).optional(),
  sortBy: ZAssignmentSort.default('default'),
  status: ZAssignmentStatus.optional(),
});
export type TAssignmentListQuery = {
  limit: number;
  keyword?: string;
  sortBy: TAssignmentSort;
  status?: TAssignmentStatus;
};

export const ZAssignmentIdParam = z.object({ id: ZId });
export const ZCodeParam = z.object({ code: zText().max(200) });
export const ZCoOwnerParam = z.object({ id: ZId, coOwner: ZId });
export const ZParticipantsQuery = z.object({ search: zText().trim().max(200).optional() });
export const ZRemoveParticipantsRequest = z.object({
  participants: z.array(ZId).min(1, 'choose at least one participant').max(1000),
});
export const ZAddCoOwnersRequest = z.object({
  coOwnerEmails: z.array(ZEmail).min(1, 'add at least one e-mail').max(CO_OWNERS_MAX),
});
export const ZJoinRequest = z.object({ code: zText().trim().min(1, 'is required').max(200) });
export const ZCreateAccessLinkRequest = z.object({ orgId: zText().max(40).nullable().optional() });
export const ZGenerateAssignmentNameRequest = z.object({
  flows: z.array(ZId).min(1, 'choose at least one flow').max(ASSIGNMENT_FLOWS_MAX),
});

/** A row of the list (spec 02 §3). */
export const ZAssignmentListItem = z.object({
  id: zText(),
  _id: zText(),
  name: zText(),
  code: zText(),
  status: ZAssignmentStatus,
  participants: z.number().int(),
  tools: z.number().int(),
  iconUrl: zText().nullable(),
  type: ZAssignmentType,
  description: zText(),
  isLocked: z.boolean(),
  updatedAt: zText(),
});
export type TAssignmentListItem = z.infer<typeof ZAssignmentListItem>;

export const ZAssignmentFlow = z.object({
  _id: zText(),
  name: zText(),
  iconUrl: zText().nullable(),
});

export const ZAssignmentDetail = z.object({
  id: zText(),
  _id: zText(),
  name: zText(),
  description: zText(),
  code: zText(),
  createdAt: zText(),
  updatedAt: zText(),
  startDate: zText(),
  endDate: zText().nullable(),
  flowIds: z.array(zText()),
  /** The flows that still exist, in the assignment's order. */
  flows: z.array(ZAssignmentFlow),
  iconUrl: zText().nullable(),
  isPaused: z.boolean(),
  isLocked: z.boolean(),
  ownerId: zText(),
  ownername: zText(),
  /** The owner's e-mail: PAY_BY_ME is shown as 'PAY_BY_{email}'. */
  ownerEmail: zText(),
  orgId: zText().nullable(),
  signInRequired: z.boolean(),
  status: ZAssignmentStatus,
  tagIds: z.array(zText()),
  type: ZAssignmentType,
  unitUsageOption: ZPaymentOption,
  participants: z.number().int(),
  disableSubmissionReport: z.boolean(),
  disableDashboard: z.boolean(),
  disablePublicAccessLink: z.boolean(),
  /** What the caller is to this assignment. */
  role: z.enum(['owner', 'co-owner', 'admin']),
});
export type TAssignmentDetail = z.infer<typeof ZAssignmentDetail>;

export const ZParticipantFlow = z.object({
  id: zText(),
  name: zText(),
  interactions: z.number().int(),
  iconUrl: zText().nullable(),
});
export const ZParticipant = z.object({
  id: zText(),
  _id: zText(),
  fullname: zText(),
  email: zText(),
  profileImg: zText().nullable(),
  viewOutput: z.boolean(),
  joinedAt: zText(),
  /** Joined with a display name only (the assignment needs no sign-in); email is then ''. */
  isGuest: z.boolean().optional(),
  flows: z.array(ZParticipantFlow),
});
export type TParticipant = z.infer<typeof ZParticipant>;

export const ZCoOwner = z.object({
  _id: zText(),
  id: zText(),
  email: zText(),
  fullname: zText(),
  profileImg: zText().nullable(),
  addedAt: zText(),
});
export type TCoOwner = z.infer<typeof ZCoOwner>;

export const ZAccessLink = z.object({
  /** The code. */
  id: zText(),
  url: zText(),
  createdAt: zText(),
  /** Credits left in the link's own wallet (spec 02 §3; numbers rounded to 6 decimals). */
  totalRemainingValue: z.number(),
  /** Credits the link's learners have spent. */
  totalUsedValue: z.number(),
  /** Remaining plus used. */
  totalValue: z.number(),
});
export type TAccessLink = z.infer<typeof ZAccessLink>;

export const ZJoinedAssignment = z.object({
  assignmentId: zText(),
  name: zText(),
  code: zText(),
  alreadyJoined: z.boolean(),
});
export type TJoinedAssignment = z.infer<typeof ZJoinedAssignment>;

export const ZAssignmentResponse = z.object({ data: ZAssignmentDetail });
export const ZAssignmentWithMessage = z.object({ data: ZAssignmentDetail, message: zText() });
export const ZAssignmentListResponse = z.object({ data: z.array(ZAssignmentListItem) });
export const ZCheckCodeResponse = z.object({ isUnique: z.boolean() });
export const ZParticipantsResponse = z.object({
  data: z.array(ZParticipant),
  flows: z.array(ZAssignmentFlow),
});
export const ZCoOwnersResponse = z.object({
  coOwners: z.array(ZCoOwner),
  owner: z.object({ _id: zText(), email: zText(), fullname: zText() }),
});
export const ZCoOwnersWithMessage = z.object({ coOwners: z.array(ZCoOwner), message: zText() });
export const ZAccessLinksResponse = z.object({
  accessLinks: z.array(ZAccessLink),
  /** The account balance a top-up is paid from: the organisation's wallet, or the personal one. */
  creditBalance: z.number(),
});
export const ZAccessLinkTopUpResponse = z.object({ data: ZAccessLink, message: zText() });
export const ZAccessLinkCreated = z.object({ code: zText(), data: ZAccessLink, message: zText() });
export const ZAccessLinkResponse = z.object({ data: ZAccessLink });
export const ZJoinResponse = z.object({ data: ZJoinedAssignment, message: zText() });
export const ZMessageResponse = z.object({ message: zText() });

/** Success texts of spec 02 §7 (the client shows them translated). */
export const AssignmentMessage = {
  created: 'Assignment created successfully.',
  edited: 'Assignment has been successfully edited',
  locked: 'Assignment is locked.',
  unlocked: 'Assignment is unlocked.',
  codeUpdated: 'Join code updated successfully',
  deleted: 'Assignment deleted successfully.',
  paused: 'Assignment is paused.',
  unpaused: 'Assignment is unpaused.',
  participantRemoved: 'Participant removed successfully',
  coOwnersAdded: 'Co-owners added successfully.',
  coOwnerRemoved: 'Co-owner removed successfully.',
  joined: 'You joined the assignment.',
  linkCreated: 'Access link created successfully.',
  linkToppedUp: 'Topup success',
} as const;

/** Why a join was refused (POST /api/assignment/join). */
export const JoinRefusal = {
  notFound: 'No assignment uses this join code.',
  paused: 'This assignment is paused. Ask your teacher to resume it.',
  locked: 'This assignment is locked and does not accept new participants.',
  ended: 'This assignment has ended.',
  notStarted: 'This assignment has not started yet.',
} as const;

/** The viewer-site paths of spec 02 §2. */
export const joinLink = (origin: string, code: string) =>
  `${origin}/viewer/assignments/join-assignment/${encodeURIComponent(code)}`;
export const publicLink = (origin: string, id: string) =>
  `${origin}/viewer/public-assignment/${encodeURIComponent(id)}`;
export const embedCode = (url: string) =>
  `<iframe src="${url}" width="${EMBED_WIDTH}" height="${EMBED_HEIGHT}" frameborder="0" allow="microphone; camera; fullscreen" allowfullscreen></iframe>`;

/** Status from the dates and the pause flag (spec 02 §4); the lock is its own flag. */
export function assignmentStatus(
  a: { startDate: Date | string; endDate: Date | string | null; isPaused: boolean },
  now: Date = new Date(),
): TAssignmentStatus {
  const t = now.getTime();
  if (a.endDate !== null && new Date(a.endDate).getTime() <= t) return 'completed';
  if (new Date(a.startDate).getTime() > t) return 'not started';
  return a.isPaused ? 'paused' : 'running';
}
