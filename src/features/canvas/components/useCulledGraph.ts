import { useStore } from '@xyflow/react';
import { useMemo, useRef } from 'react';
import type { TGraphState } from '../canvas.types';
import { cullGraph, regionKey, regionOf } from '../cull';

type TViewState = { transform: [number, number, number]; width: number; height: number };
const keyOf = (s: TViewState) => regionKey(s);
const NO_KEY = () => '';

/**
 * The part of the graph xyflow is given (cull.ts): all of a small flow; of a large one, the blocks
 * and links around the view. The region comes from xyflow's viewport as a key that changes only
 * when the view has moved half its size, so the canvas re-renders for the pan only then.
 */
export function useCulledGraph(g: TGraphState, cull: boolean): TGraphState {
  const key = useStore(cull ? keyOf : NO_KEY);
  const last = useRef<TGraphState | undefined>(undefined);
  const { nodes, edges } = g;
  return useMemo(() => {
    const region = cull ? regionOf(key) : null;
    const out = region ? cullGraph({ nodes, edges }, region, last.current) : { nodes, edges };
    last.current = out;
    return out;
  }, [nodes, edges, key, cull]);
}
