import { z } from 'zod';
import { isRunState } from '../domain/runtime';
import { NUL_MESSAGE, zText } from './text';

/**
 * GET/PUT /api/player/assignment/{id}/flow/{flowId}/run: where the signed-in learner is in a flow of
 * an assignment, so another phone goes on there. The state is the runtime's plain
 * JSON run state (checked with isRunState); the transcript is the player's list of earlier answers.
 */
const ZTranscriptEntry = z.object({
  after: z.number().int().min(0),
  key: zText().max(200),
  kind: z.enum(['answer', 'ai']),
  text: zText().max(100_000),
  image: zText().max(2000).optional(),
});

export const RUN_TRANSCRIPT_MAX = 1000;

export const ZRunSave = z.object({
  revision: z.number().int().min(0),
  state: z
    .unknown()
    .refine(isRunState, 'is not a run state')
    // PostgreSQL refuses U+0000 in JSONB too (see text.ts): a 400, not a 500.
    .refine((v) => !JSON.stringify(v).includes('\\u0000'), NUL_MESSAGE),
  transcript: z.array(ZTranscriptEntry).max(RUN_TRANSCRIPT_MAX).default([]),
});
export type TRunSave = z.infer<typeof ZRunSave>;

/** null: the learner has not started this flow on any phone. */
export type TRunSaved = { data: (TRunSave & { updatedAt: string }) | null };
