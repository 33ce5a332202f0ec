import type { TPackageLaunch, TPackageLaunchRequest } from '../../shared/contract/player-launch';
import type { JsonObject } from '../../shared/domain/xapi';
import type { AppDeps } from '../http/context';
import { badRequest, notFound } from '../http/errors';
import { lrsSpace } from '../lrs';
import { courseUnits, unitMeta } from '../lrs/cmi5-course';
import { createCmi5Lms } from '../lrs/cmi5-lms';
import { findLaunch } from '../lrs/launches.repo';
import { createLaunchesService } from '../lrs/launches.service';
import { PACKAGE_LINK_TTL_S, packageLinks } from '../packages/package-links';
import { findPackage } from '../packages/packages.repo';
import { assertOpen, createPlayerService, type PlayerAccess } from './player.service';
import { scopeStatement } from './player.statements';

const PACKAGE_SETTINGS = ['packageId', 'h5pId', 'contentId'];

/** Whether the flow has a block playing this package (the runtime reads the same settings). */
function placesPackage(nodes: unknown[], packageId: string, format: string): boolean {
  const type = format === 'h5p' ? 'h5pNode' : 'xAPINode';
  return nodes.some((n) => {
    const node = n as { type?: unknown; data?: Record<string, unknown> } | null;
    if (node?.type !== type || !node.data) return false;
    return PACKAGE_SETTINGS.some((k) => String(node.data?.[k] ?? '').trim() === packageId);
  });
}

/**
 * cmi5 §9.2: the actor of a launch is an Agent with an account (an mbox would hand the package the
 * learner's e-mail address): our origin, and the learner's user id (a guest's is already an account).
 */
function cmi5Actor(actor: JsonObject, access: PlayerAccess, origin: string): JsonObject {
  if (access.learner.kind !== 'participant') return actor;
  return {
    objectType: 'Agent',
    name: actor.name ?? access.learner.userId,
    account: { homePage: origin, name: access.learner.userId },
  };
}

/**
 * Launches of packages from the player. Only a package a block of this flow plays (H5P Content, or
 * xAPI Statement for TinCan and cmi5), in the assignment's space, can be launched (404 otherwise: a
 * learner cannot launch, or learn of, any other; GET /api/h5p/{id} is for the space's members). The credentials name the learner the server stamps on their records and carry the assignment
 * and flow as context, so the package's statements reach the assignment's reports like the player's.
 */
export function createPackageLauncher(deps: AppDeps) {
  const player = createPlayerService(deps);
  const launches = createLaunchesService(deps.database);
  const links = packageLinks(deps);
  const cmi5Lms = createCmi5Lms(deps);
  const db = deps.database.db;

  return async function launch(
    access: PlayerAccess,
    flowId: string,
    body: TPackageLaunchRequest,
    origin: string,
  ): Promise<TPackageLaunch> {
    const { row } = access;
    assertOpen(row);
    const flow = await player.flow(access, flowId);
    const pkg = await findPackage(db, body.packageId);
    const sameSpace =
      pkg && (row.orgId ? pkg.orgId === row.orgId : pkg.orgId === null && pkg.userId === row.ownerId);
    if (!pkg || !sameSpace || !placesPackage(flow.nodes, pkg.id, pkg.format)) throw notFound('Package');
    const pathOf = (launchPath: string) => launchPath.split('/').map(encodeURIComponent).join('/');
    const path = pathOf(pkg.launchPath);
    // H5P reports by postMessage and the runtime records it: the learner needs only the signed files URL.
    if (pkg.format === 'h5p')
      return {
        launchUrl: `${await links.base(pkg.id)}${path}`,
        expiresAt: new Date(Date.now() + PACKAGE_LINK_TTL_S * 1000).toISOString(),
      };
    if (pkg.format !== 'tincan' && pkg.format !== 'cmi5') throw notFound('Package');
    // cmi5: the AU asked for (the first by default); TinCan plays its one activity.
    const units = pkg.format === 'cmi5' ? courseUnits(pkg) : [];
    const unit = body.auId === undefined ? units[0] : units.find((u) => u.id === body.auId);
    if (pkg.format === 'cmi5' && !unit)
      throw badRequest('auId: the course has no assignable unit with this id.');
    const activityId = unit?.id ?? pkg.activityId;
    const learner = await player.actorFor(access, origin);
    const actor = pkg.format === 'cmi5' ? cmi5Actor(learner, access, origin) : learner;
    const stamped = scopeStatement(
      { object: { objectType: 'Activity', id: activityId } },
      { assignmentId: row.id, assignmentName: row.name, flowId, flowName: flow.name, origin, actor },
    );
    const space = lrsSpace({ orgId: row.orgId, userId: row.ownerId });
    const made = await launches.create({
      space,
      packageId: pkg.id,
      format: pkg.format,
      activityId,
      registration: body.registration,
      actor,
      context: stamped.context as JsonObject,
      name: `Package ${pkg.title}`.slice(0, 200),
      cmi5: unit ? unitMeta(pkg, unit) : pkg.cmi5Au,
    });
    const query = new URLSearchParams({ endpoint: `${origin}/xapi/` });
    if (pkg.format === 'tincan') {
      query.set('auth', made.auth ?? '');
      query.set('actor', JSON.stringify(actor));
      query.set('registration', body.registration);
      query.set('activity_id', pkg.activityId);
    } else {
      query.set('fetch', `${origin}/xapi/launch/${made.id}/fetch/${made.fetchCode}`);
      query.set('actor', JSON.stringify(actor));
      query.set('registration', body.registration);
      query.set('activityId', activityId);
    }
    const base = `${await links.base(pkg.id)}${unit ? pathOf(unit.launchPath) : path}`;
    if (pkg.format === 'cmi5') {
      const row = await findLaunch(db, made.id);
      // The launch URL without its query: the query holds the one-time fetch code.
      if (row)
        await cmi5Lms.launched(
          space,
          cmi5Lms.sessionOf(row, pkg),
          pkg,
          new URL(base, origin).toString(),
          origin,
        );
    }
    const launched: TPackageLaunch = {
      launchUrl: `${base}?${query.toString()}`,
      expiresAt: made.expiresAt.toISOString(),
    };
    if (unit) launched.auId = unit.id;
    if (units.length > 1) launched.units = units.map((u) => ({ id: u.id, title: u.title }));
    return launched;
  };
}
