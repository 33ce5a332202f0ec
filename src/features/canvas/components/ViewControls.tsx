import { Controls, useReactFlow } from '@xyflow/react';
import { fitWhole } from './opening-view';

/** xyflow's zoom buttons; "fit" shows the whole flow as Shift+1 does (fitWhole), drawn or simplified. */
export function ViewControls() {
  const rf = useReactFlow();
  return <Controls showInteractive={false} onFitView={() => fitWhole(rf)} />;
}
