import type { TReportObject, TReportUser } from '../../shared/contract/reports-routes';
import { naturalCompare } from '../../shared/domain/natural-sort';
import {
  actorEmail,
  actorName,
  evidenceMediaOf,
  evidenceOf,
  objectName,
  scoreOf,
  verbName,
} from '../../shared/domain/statement-view';
import type { SlimStatement } from './reports.repo';

export interface Person {
  /** The actor identifier the LRS indexes ('mbox:mailto:…'). */
  ifi: string;
  name: string;
  email: string;
  profileImg: string | null;
}

export const personIfi = (email: string) => `mbox:mailto:${email.toLowerCase()}`;

/**
 * The xAPI table (spec 02 §2 Custom Reports, §3 xAPI report object): objects × verbs × people. Every
 * participant has a cell; actors who are not participants (statements sent through /xapi/) join the
 * list. A cell is ticked when the person has a statement with that object and verb; score and
 * evidence are the newest statement's, the history the newest few (cells come newest first).
 */
export function buildMastery(
  cells: SlimStatement[],
  participants: Person[],
  /** Media id → signed link, for photo answers the caller may see (media-links.ts). */
  mediaLinks: ReadonlyMap<string, string> = new Map(),
): TReportObject[] {
  const linkOf = (s: SlimStatement) => {
    const id = evidenceMediaOf(s.statement);
    return id ? (mediaLinks.get(id) ?? null) : null;
  };
  const people = new Map(participants.map((p) => [p.ifi, p]));
  for (const c of cells)
    if (!people.has(c.actor))
      people.set(c.actor, {
        ifi: c.actor,
        name: actorName(c.statement),
        email: actorEmail(c.statement),
        profileImg: null,
      });
  const everyone = [...people.values()];
  // Most cells of a large assignment are empty: one shared (read-only) entry per person serves them all,
  // so a report of 60 objects × 8 verbs × 300 people does not allocate 144,000 alike objects.
  const untickedOf = new Map<string, TReportUser>(
    everyone.map((p) => [
      p.ifi,
      {
        name: p.name,
        email: p.email,
        profileImg: p.profileImg,
        ticked: false,
        score: null,
        evidence: null,
        evidenceUrl: null,
        timestamp: null,
        evidenceHistories: [],
      },
    ]),
  );

  type Cell = SlimStatement[];
  const objects = new Map<
    string,
    { name: string; verbs: Map<string, { name: string; byActor: Map<string, Cell> }> }
  >();
  for (const c of cells) {
    let o = objects.get(c.objectId);
    if (!o) {
      o = { name: objectName(c.statement) || c.objectId, verbs: new Map() };
      objects.set(c.objectId, o);
    }
    let v = o.verbs.get(c.verbId);
    if (!v) {
      v = { name: verbName(c.statement), byActor: new Map() };
      o.verbs.set(c.verbId, v);
    }
    const list = v.byActor.get(c.actor) ?? [];
    list.push(c);
    v.byActor.set(c.actor, list);
  }

  const out: TReportObject[] = [...objects.entries()].map(([id, o]) => ({
    id,
    name: o.name,
    verbs: [...o.verbs.entries()]
      .map(([verbId, v]) => {
        const users: TReportUser[] = everyone.map((p) => {
          const cell = v.byActor.get(p.ifi);
          if (!cell) return untickedOf.get(p.ifi) as TReportUser;
          const latest = cell[0];
          return {
            name: p.name,
            email: p.email,
            profileImg: p.profileImg,
            ticked: cell.length > 0,
            score: latest ? scoreOf(latest.statement) : null,
            evidence: latest ? evidenceOf(latest.statement) : null,
            evidenceUrl: latest ? linkOf(latest) : null,
            timestamp: latest?.timestamp ?? null,
            evidenceHistories: cell.map((s) => ({
              evidence: evidenceOf(s.statement),
              evidenceUrl: linkOf(s),
              score: scoreOf(s.statement),
              timestamp: s.timestamp,
            })),
          };
        });
        return {
          id: verbId,
          name: v.name,
          participants: { count: users.filter((u) => u.ticked).length, total: users.length },
          users,
        };
      })
      .sort((a, b) => naturalCompare(a.name, b.name)),
  }));
  return out.sort((a, b) => naturalCompare(a.name, b.name));
}
