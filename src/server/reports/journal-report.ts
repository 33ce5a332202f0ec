import type { TJournal } from '../../shared/contract/reports';
import type { TCollaborativeJournal, TJournalReportItem } from '../../shared/contract/reports-routes';
import { naturalCompare } from '../../shared/domain/natural-sort';

export interface UserInfo {
  id: string;
  email: string;
  fullname: string;
  profileImg: string | null;
}

const person = (u: UserInfo | undefined) => ({
  name: u?.fullname || u?.email || 'Unknown User',
  email: u?.email ?? '',
  profileImg: u?.profileImg ?? null,
});

/**
 * Journal Reports (spec 02 §2, §3 Journal report item): one column per journal name, one row per
 * participant (and per author who is no longer one); names in natural order.
 */
export function buildJournalReport(journals: TJournal[], participants: UserInfo[], authors: UserInfo[]) {
  const byId = new Map([...participants, ...authors].map((u) => [u.id, u]));
  const people = [...participants, ...authors.filter((a) => !participants.some((p) => p.id === a.id))];
  const byName = new Map<string, TJournal[]>();
  for (const j of journals) byName.set(j.name, [...(byName.get(j.name) ?? []), j]);
  const items: TJournalReportItem[] = [...byName.entries()].map(([name, list]) => {
    const ofUser = new Map(list.map((j) => [j.userId, j]));
    const users = people.map((p) => {
      const j = ofUser.get(p.id);
      return {
        ...person(p),
        hasJournal: !!j,
        journalData: j
          ? {
              journalId: j._id,
              thumbnail: j.thumbnail,
              paragraph: j.paragraph,
              latestUpdated: j.updatedAt,
              createdBy: person(byId.get(j.userId ?? '')).name,
              content: j.content,
            }
          : null,
      };
    });
    return {
      name,
      type: list[0].type,
      participants: { count: users.filter((u) => u.hasJournal).length, total: users.length },
      users,
    };
  });
  return items.sort((a, b) => naturalCompare(a.name, b.name));
}

/** Collaborative Journal Reports (spec 02 §3 Collaborative journal), newest first. */
export function buildCollaborative(journals: TJournal[], members: UserInfo[]): TCollaborativeJournal[] {
  const byId = new Map(members.map((u) => [u.id, u]));
  return journals
    .map((j) => ({
      journalId: j._id,
      name: j.name,
      type: j.type,
      latestUpdated: j.updatedAt,
      collaborators: j.members.map((id) => person(byId.get(id))),
      members: j.members,
      content: j.content,
    }))
    .sort((a, b) => b.latestUpdated.localeCompare(a.latestUpdated) || naturalCompare(a.name, b.name));
}
