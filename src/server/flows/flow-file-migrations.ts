import { z } from 'zod';
import {
  checkGraphShape,
  FLOW_DESCRIPTION_MAX,
  FLOW_FILE_VERSION,
  FLOW_NAME_MAX,
  ZEdges,
  ZFlowDocument,
} from '../../shared/contract/flows';

/**
 * The .flow format's history. Each version has the schema its flow.json was written with, and each
 * step of the chain turns version n into n+1, so a file of any older version opens as the current one.
 * To change the format: add the new schema, add a step, bump FLOW_FILE_VERSION. Never edit a shipped step.
 */

/**
 * Version 0 (Flowlearn before 0.1, no `formatVersion` in the manifest): the flow's name was `title`,
 * the flag `isPublished`, and each node kept its settings in `data.config` beside `data.label`.
 */
const ZNodeV0 = z.looseObject({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  position: z.looseObject({ x: z.number(), y: z.number() }),
  data: z
    .looseObject({ label: z.string().optional(), config: z.record(z.string(), z.unknown()).optional() })
    .optional(),
});
export const ZFlowDocV0 = z
  .object({
    title: z.string().max(FLOW_NAME_MAX),
    description: z.string().max(FLOW_DESCRIPTION_MAX).optional(),
    iconUrl: z.string().max(2048).nullable().optional(),
    nodes: z.array(ZNodeV0).max(5000),
    edges: ZEdges,
    isPublished: z.boolean().optional(),
  })
  .superRefine(checkGraphShape);
type TFlowDocV0 = z.infer<typeof ZFlowDocV0>;

/** The schema flow.json had in each format version; the last one is the current document. */
export const DOC_SCHEMAS: ReadonlyArray<z.ZodType> = [ZFlowDocV0, ZFlowDocument];

export interface FlowFileMigration {
  from: number;
  to: number;
  /** Shown in the import report. */
  describe: string;
  migrate(doc: unknown): unknown;
}

export const FLOW_FILE_MIGRATIONS: ReadonlyArray<FlowFileMigration> = [
  {
    from: 0,
    to: 1,
    describe: '0→1: node settings moved out of data.config; title became name',
    migrate(input) {
      const doc = input as TFlowDocV0;
      return {
        name: doc.title,
        description: doc.description ?? '',
        iconUrl: doc.iconUrl ?? null,
        nodes: doc.nodes.map(({ data, ...node }) => {
          if (!data) return node;
          const { config, ...rest } = data;
          // Settings saved at the top of data by a newer canvas win over the legacy copy.
          return { ...node, data: { ...config, ...rest } };
        }),
        edges: doc.edges,
        published: doc.isPublished ?? false,
      };
    },
  },
];

/** Runs the chain from `version` to the current version; the steps applied are described for the report. */
export function migrateFlowDocument(doc: unknown, version: number): { doc: unknown; applied: string[] } {
  const applied: string[] = [];
  let current = doc;
  for (let v = version; v < FLOW_FILE_VERSION; v++) {
    const step = FLOW_FILE_MIGRATIONS.find((m) => m.from === v);
    if (!step || step.to !== v + 1) throw new Error(`no .flow migration from version ${v}`);
    current = step.migrate(current);
    applied.push(step.describe);
  }
  return { doc: current, applied };
}
