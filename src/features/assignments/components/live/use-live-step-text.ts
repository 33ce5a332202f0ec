import { useEffect, useState } from 'react';
import { api } from '../../../../shared/api/http';
import { type TFlow, ZFlowResponse } from '../../../../shared/contract/flows';
import { liveStepText } from '../../../../shared/domain/live/step-text';

/**
 * The teacher's step as the class reads it (label and question), from the lesson's flow, read once.
 * A teacher who may run the lesson but not read the flow (or a failed read) gets null: the projector
 * then shows the step's number only.
 */
export function useLiveStepText(flowId: string | undefined, step: number | undefined) {
  const [flow, setFlow] = useState<TFlow | null>(null);
  useEffect(() => {
    if (!flowId) return;
    let alive = true;
    api
      .get(`flows/${flowId}`, { schema: ZFlowResponse, quiet: true })
      .then((res) => alive && setFlow(res.data))
      .catch(() => alive && setFlow(null));
    return () => {
      alive = false;
    };
  }, [flowId]);
  return flow && step !== undefined ? liveStepText(flow, step) : null;
}
