import type {
  TCmi5CourseProgress,
  TCmi5LearnerProgress,
  TCmi5WaiveRequest,
} from '../../shared/contract/cmi5-units';
import { agentIfi, isObject, type JsonObject } from '../../shared/domain/xapi';
import { type Caller, managedAssignment } from '../assignments/access';
import type { AssignmentRow } from '../assignments/assignments.repo';
import { listParticipants } from '../assignments/participants.repo';
import { findFlows } from '../flows/flows.repo';
import type { AppDeps } from '../http/context';
import { conflict, forbidden, notFound } from '../http/errors';
import { createLrsService, lrsSpace } from '../lrs';
import { CMI5 } from '../lrs/cmi5';
import { courseUnits } from '../lrs/cmi5-course';
import { type Cmi5Registration, createCmi5Waiver } from '../lrs/cmi5-waive';
import { findPackage, type PackageRow } from '../packages/packages.repo';
import { ownAccountIfi } from './person-key';
import { REPORTS_FORBIDDEN } from './reports.service';

const PACKAGE_SETTINGS = ['packageId', 'h5pId', 'contentId'];
const CMI5_EXTENSION = 'https://w3id.org/xapi/cmi5/context/extensions/';

/** A "launched" statement's context without what belongs to that launch (launch mode, URL, session). */
function base(context: JsonObject): JsonObject {
  const extensions = isObject(context.extensions) ? context.extensions : {};
  const kept = Object.entries(extensions).filter(([k]) => !k.startsWith(CMI5_EXTENSION));
  return { ...context, extensions: Object.fromEntries(kept) };
}
/** The newest launches read to find each learner's latest registration of a course. */
const LAUNCHES_READ = 500;

/**
 * The cmi5 courses of an assignment for its owner and co-owners: each participant's latest registration
 * of each course placed in its flows (from the LMS's "launched" statements), each AU's state in it, and
 * the waiver of an AU (cmi5 §9.3.7). A course a learner never launched has no registration to waive in:
 * the player makes one per run, so the waiver applies once the learner has started the course.
 */
export function createCmi5UnitsService(deps: AppDeps) {
  const db = deps.database.db;
  const lrs = createLrsService(deps);
  const waiver = createCmi5Waiver(deps);

  async function managed(caller: Caller, id: string) {
    const { row, role } = await managedAssignment(db, caller, id);
    if (role === 'admin') throw forbidden(REPORTS_FORBIDDEN);
    return row;
  }

  /** The cmi5 packages the assignment's flows place (xAPI Statement blocks), in its space. */
  async function courses(row: AssignmentRow): Promise<PackageRow[]> {
    const ids = new Set<string>();
    for (const flow of await findFlows(db, row.orgId, row.flowIds))
      for (const n of flow.nodes as Array<{ type?: unknown; data?: Record<string, unknown> }>) {
        if (n?.type !== 'xAPINode' || !n.data) continue;
        const id = PACKAGE_SETTINGS.map((k) => String(n.data?.[k] ?? '').trim()).find(Boolean);
        if (id) ids.add(id);
      }
    const out: PackageRow[] = [];
    for (const id of ids) {
      const pkg = await findPackage(db, id);
      const sameSpace =
        pkg && (row.orgId ? pkg.orgId === row.orgId : pkg.orgId === null && pkg.userId === row.ownerId);
      if (pkg && sameSpace && pkg.format === 'cmi5') out.push(pkg);
    }
    return out;
  }

  /** userId → packageId → the latest registration, from the newest "launched" statements first. */
  async function registrations(row: AssignmentRow, pkgs: PackageRow[], userIds: string[], origin: string) {
    const space = lrsSpace({ orgId: row.orgId, userId: row.ownerId });
    const filter = { verb: CMI5.launched, assignmentId: row.id };
    const { statements } = await lrs.queryStatements(space, filter, { limit: LAUNCHES_READ });
    const byIfi = new Map(userIds.map((u) => [ownAccountIfi(origin, u), u]));
    const out = new Map<string, Map<string, Cmi5Registration>>();
    for (const st of statements) {
      const userId = byIfi.get(agentIfi(st.actor) ?? '');
      const auId = isObject(st.object) ? st.object.id : undefined;
      const pkg = pkgs.find((p) => courseUnits(p).some((u) => u.id === auId));
      const context = isObject(st.context) ? st.context : {};
      if (!userId || !pkg || typeof context.registration !== 'string') continue;
      const mine = out.get(userId) ?? new Map<string, Cmi5Registration>();
      out.set(userId, mine);
      if (!mine.has(pkg.id))
        mine.set(pkg.id, {
          actor: st.actor as JsonObject,
          registration: context.registration,
          context: base(context),
        });
    }
    return { space, byUser: out };
  }

  return {
    async list(caller: Caller, id: string, origin: string): Promise<{ courses: TCmi5CourseProgress[] }> {
      const row = await managed(caller, id);
      const pkgs = await courses(row);
      if (pkgs.length === 0) return { courses: [] };
      const people = await listParticipants(db, row.id);
      const found = await registrations(
        row,
        pkgs,
        people.map((p) => p.userId),
        origin,
      );
      const result: TCmi5CourseProgress[] = [];
      for (const pkg of pkgs) {
        const learners: TCmi5LearnerProgress[] = [];
        for (const p of people) {
          const who = found.byUser.get(p.userId)?.get(pkg.id);
          if (!who) continue;
          const progress = await waiver.progress(found.space, pkg, who, origin);
          learners.push({
            userId: p.userId,
            name: p.fullname || p.email,
            email: p.email,
            registration: who.registration,
            ...progress,
          });
        }
        // The course as its publisher names it; a package stores the title of the AU it opens with.
        result.push({ packageId: pkg.id, title: pkg.cmi5Au?.courseTitle || pkg.title, learners });
      }
      return { courses: result };
    },

    async waive(caller: Caller, id: string, body: TCmi5WaiveRequest, origin: string) {
      const row = await managed(caller, id);
      const pkg = (await courses(row)).find((p) => p.id === body.packageId);
      if (!pkg) throw notFound('Package');
      const people = await listParticipants(db, row.id);
      if (!people.some((p) => p.userId === body.userId)) throw notFound('Participant');
      const found = await registrations(row, [pkg], [body.userId], origin);
      const who = found.byUser.get(body.userId)?.get(pkg.id);
      if (!who)
        throw conflict(
          'userId: this learner has not launched the course yet; a waiver applies to the registration their first launch makes',
        );
      return waiver.waive(found.space, pkg, who, body.auId, body.reason, origin);
    },
  };
}
