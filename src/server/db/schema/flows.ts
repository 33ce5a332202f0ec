import { boolean, index, integer, json, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { collections } from './collections';
import { organizations } from './orgs';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A flow: its graph (the canvas' nodes and edges, checked against the link rules before every write)
 * is kept as json, the text the server wrote: every read answers it as it is and every save stores
 * it, where jsonb was parsed into its binary form on each save and printed back on each read (0.3 to
 * 0.4 ms of PostgreSQL's CPU for a 200-block graph; migration 0021). `revision` grows by one per
 * save, for optimistic concurrency.
 */
export const flows = pgTable(
  'flows',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** null: "No Project", visible to its owner only. */
    projectId: text('project_id').references(() => collections.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    iconUrl: text('icon_url'),
    nodes: json('nodes').$type<unknown[]>().notNull().default([]),
    edges: json('edges').$type<unknown[]>().notNull().default([]),
    /**
     * The number of blocks, written by the server with every write of `nodes` (it has them parsed):
     * lists show it without reading (and, past 2 KB, decompressing) each flow's whole graph. A column
     * PostgreSQL generated parsed the whole graph again on every save (migration 0022).
     */
    nodesCount: integer('nodes_count').notNull(),
    published: boolean('published').notNull().default(false),
    revision: integer('revision').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('flows_project_idx').on(t.projectId), index('flows_owner_org_idx').on(t.ownerId, t.orgId)],
);
