import { defineNodes, input, output, step } from './types';

// Listed so flows that contain them still load and the palette can show them; none can be placed.
export const PLACEHOLDER_NODES = defineNodes(
  'placeholders',
  [
    {
      type: 'retrievePersistentDataNode',
      name: 'Retrieve Saved Data',
      description: 'Reads data saved by an earlier run of the flow.',
      handles: step(output('data', 'json')),
    },
    {
      type: 'apiFetchNode',
      name: 'API Fetch',
      description: 'Fetches data from a web service.',
      handles: step(output('response', 'json')),
    },
    {
      type: 'fetchCSVNode',
      name: 'Fetch CSV',
      description: 'Fetches a CSV table from a web address.',
      handles: step(output('csv', 'csv', 'CSV')),
    },
    {
      type: 'storePersistentDataNode',
      name: 'Store Data',
      description: 'Saves the linked data for later runs of the flow.',
      handles: step(input('data', 'json')),
    },
    {
      type: 'sentToLRSNode',
      name: 'Send to LRS',
      description: 'Sends the linked xAPI statement to a learning record store.',
      handles: step(input('xapi', 'xApiStatement', 'Statement')),
    },
    {
      type: 'interactiveBlockNode',
      name: 'Interactive Block',
      description: 'An interactive activity block.',
      handles: step(),
    },
  ].map((d) => ({ ...d, disabled: true })),
);
