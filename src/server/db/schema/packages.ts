import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './orgs';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One file of a package: its path inside the zip, its content type and where its bytes are stored. */
export type TPackageFile = { path: string; type: string; size: number };

/** cmi5's moveOn values (cmi5 §13.1.4): when the LMS counts the AU as done. */
export const CMI5_MOVE_ON = [
  'Passed',
  'Completed',
  'CompletedAndPassed',
  'CompletedOrPassed',
  'NotApplicable',
] as const;
export type TCmi5MoveOn = (typeof CMI5_MOVE_ON)[number];

/** What cmi5.xml says about the AU a cmi5 package plays (its first), read at import. */
export type TCmi5Au = {
  moveOn: TCmi5MoveOn;
  masteryScore?: number;
  launchMethod: 'AnyWindow' | 'OwnWindow';
  launchParameters?: string;
  /** The publisher's course id and title (the grouping of the LMS's satisfied statement). */
  courseId: string;
  courseTitle: string;
  /** AUs in the course. */
  auCount: number;
  /**
   * Every AU of the course in cmi5.xml's order (the top-level fields above are the first's) and its
   * blocks, each with the AUs under it at any depth: the learner launches them one after another and
   * the LMS rolls their moveOn up (src/server/lrs/cmi5-course.ts). Absent for packages imported before
   * multi-AU courses were played: those play their first AU only.
   */
  units?: TCmi5Unit[];
  blocks?: TCmi5Block[];
};

/** One AU of a cmi5 course: its id (the activity it launches as), title, launch file and moveOn metadata. */
export type TCmi5Unit = {
  id: string;
  title: string;
  launchPath: string;
  moveOn: TCmi5MoveOn;
  masteryScore?: number;
  launchMethod: 'AnyWindow' | 'OwnWindow';
  launchParameters?: string;
};

/** A block of a cmi5 course (cmi5 §13.1.2): the publisher's id, title and the ids of every AU inside it. */
export type TCmi5Block = { id: string; title: string; auIds: string[] };

/**
 * Uploaded H5P and xAPI/cmi5 packages. Their files live in file storage under
 * `packages/{id}/{index}` (index into `files`): a path from the zip never becomes a storage key.
 */
export const contentPackages = pgTable(
  'content_packages',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: text('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    title: text('title').notNull(),
    activityId: text('activity_id').notNull(),
    launchPath: text('launch_path').notNull(),
    files: jsonb('files').$type<TPackageFile[]>().notNull(),
    fileCount: integer('file_count').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** cmi5 packages: the AU's launch and moveOn metadata (migration 0040). */
    cmi5Au: jsonb('cmi5_au').$type<TCmi5Au>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('content_packages_owner_idx').on(t.orgId, t.userId, t.createdAt)],
);
