import { api, reportStreamError, requestStream } from '../../shared/api/http';
import { readSseData } from '../../shared/api/sse';
import { ZCollectionWithMessage } from '../../shared/contract/collections';
import { ZFlowWithMessage } from '../../shared/contract/flows';
import {
  GENERATED_DESCRIPTION,
  type TGeneratedFlow,
  type TGeneratorEvent,
  ZGeneratorEvent,
} from '../../shared/contract/generator';

/** The only IO of the generator: the generation stream, then a collection and a flow (spec 03 §7). */
export const generatorApi = {
  /**
   * The events of one generation; malformed lines and unknown events are skipped. Credit errors show
   * the app's dialogs, before the stream (a refused request) or during it (an error event with the
   * credit code); any other refusal throws quietly (the screen says the generation ended).
   */
  async *generate(flowInput: string, signal: AbortSignal): AsyncGenerator<TGeneratorEvent> {
    const path = 'v1/flows/generate';
    const res = await requestStream(path, { flow_input: flowInput }, { signal, quiet: true });
    if (!res.body) return;
    for await (const data of readSseData(res.body)) {
      const parsed = ZGeneratorEvent.safeParse(data);
      if (!parsed.success) continue;
      const event = parsed.data;
      if (event.type === 'error' && event.errorCode) reportStreamError(path, event, { quiet: true });
      yield event;
    }
  },
  /** 'AI Generated Collection - {date}' then 'AI Generated Flow - {date}' in it; answers both ids. */
  async save(flow: TGeneratedFlow, date: string): Promise<{ projectId: string; flowId: string }> {
    const project = await api.post(
      'projects',
      { name: `AI Generated Collection - ${date}`, description: GENERATED_DESCRIPTION, collaborators: [] },
      { schema: ZCollectionWithMessage },
    );
    const created = await api.post(
      'flows',
      {
        name: `AI Generated Flow - ${date}`,
        description: GENERATED_DESCRIPTION,
        projectId: project.data._id,
        nodes: flow.nodes,
        edges: flow.edges,
      },
      { schema: ZFlowWithMessage },
    );
    return { projectId: project.data._id, flowId: created.data._id };
  },
};
