import { Counter, Gauge, type Metric } from 'prom-client';
import { formatCredits } from '../../shared/domain/decimal';
import type { Db } from '../db/client';

/**
 * What the server did, counted where it happens (the LRS writer, the credits holds, the batch
 * queue), for `/metrics`. The services are built from `deps.database` in many places, so the
 * counters hang on its drizzle handle: every service of one app counts into the same set, and two
 * apps in one process (the tests, the scale-out test's two servers) keep separate counts.
 */
export interface ActivityMetrics {
  /** Statements newly stored by the LRS (a repeated statement id is not counted again). */
  statementsStored: Counter;
  /** Credit holds closed, by outcome: settled (the real cost charged) or released (all freed). */
  holdsClosed: Counter<'outcome'>;
  /** Credits charged when holds settle, in credits (1 = one credit). */
  creditsSettled: Counter;
  /** Credits freed when holds are released, in credits. */
  creditsReleased: Counter;
  /** Large statement batches waiting for their space's turn (batch-pacing.ts) right now. */
  lrsBatchesWaiting: Gauge;
}

const bySource = new WeakMap<Db, ActivityMetrics>();

export function activityMetrics(db: Db): ActivityMetrics {
  const found = bySource.get(db);
  if (found) return found;
  const made: ActivityMetrics = {
    statementsStored: new Counter({
      name: 'flowlearn_lrs_statements_stored_total',
      help: 'xAPI statements newly stored by the LRS (a repeated statement id counts once)',
      registers: [],
    }),
    holdsClosed: new Counter({
      name: 'flowlearn_credit_holds_closed_total',
      help: 'Credit holds closed, by outcome: settled (real cost charged) or released (all freed)',
      labelNames: ['outcome'] as const,
      registers: [],
    }),
    creditsSettled: new Counter({
      name: 'flowlearn_credits_settled_total',
      help: 'Credits charged when holds settle (in credits)',
      registers: [],
    }),
    creditsReleased: new Counter({
      name: 'flowlearn_credits_released_total',
      help: 'Credits freed when holds are released unused (in credits)',
      registers: [],
    }),
    lrsBatchesWaiting: new Gauge({
      name: 'flowlearn_lrs_batches_waiting',
      help: "Large xAPI statement batches waiting for their space's turn",
      registers: [],
    }),
  };
  bySource.set(db, made);
  return made;
}

export function allActivityMetrics(m: ActivityMetrics): Metric[] {
  return [m.statementsStored, m.holdsClosed, m.creditsSettled, m.creditsReleased, m.lrsBatchesWaiting];
}

/** Scaled credits (bigint) as the float a Prometheus sample is; exact up to 2^53 / 10^12 credits. */
export const creditsSample = (v: bigint): number => Number(formatCredits(v));
