import { defineNodes, input, output, STATEMENT_IN, step } from './types';

export const LOGIC_NODES = defineNodes('logic', [
  {
    type: 'conditionalNode',
    name: 'Show Button',
    description: 'Shows the learner a button; the flow continues from here when it is pressed.',
    // A path offered by a branching block starts at a button, so the branch input accepts many links.
    handles: step(input('branch', 'branch')),
  },
  {
    type: 'branchingNode',
    name: 'Branching',
    description:
      'Splits the flow into paths, each starting at a Show Button, for the learner to choose from.',
    // The paths leave by branch links, not statement ones, so the one-statement-link rule still holds.
    handles: [STATEMENT_IN, output('branch', 'branch', 'Paths')],
  },
  {
    type: 'executionConnectorNode',
    name: 'Execution Merger',
    description: 'Waits until every linked background path has finished, then continues.',
    handles: step(input('execIn', 'execution', 'Paths'), output('exec', 'execution', 'Background')),
  },
  {
    type: 'findWordNode',
    name: 'Find Word',
    description: 'Checks the linked text for chosen words and continues on the found or not found path.',
    handles: [
      STATEMENT_IN,
      input('text', 'text'),
      output('found', 'statement'),
      output('notFound', 'statement', 'Not found'),
    ],
  },
  {
    type: 'multiTurnConversationNode',
    name: 'Multi-turn Conversation',
    description: 'Holds a conversation with the learner over several turns, then continues on pass or fail.',
    handles: [
      STATEMENT_IN,
      input('context', 'text'),
      output('pass', 'statement'),
      output('fail', 'statement'),
      output('chatlog', 'text', 'Chat log'),
      output('summary', 'text'),
    ],
  },
  {
    type: 'multiTurnRouterNode',
    name: 'Multi-turn Router',
    description: 'Reads a conversation and sends the learner down the path that fits it best.',
    handles: [STATEMENT_IN, input('chatlog', 'text', 'Chat log'), output('branch', 'branch', 'Paths')],
  },
  {
    type: 'variableNode',
    name: 'Create Text Label',
    description: 'Saves the linked text under a name so later blocks can reuse it.',
    handles: step(input('text', 'text'), output('label', 'text', 'Value')),
  },
  {
    type: 'randomNumberGeneratorNode',
    name: 'Random Number',
    description: 'Picks a random number in a range you choose.',
    handles: step(output('number', 'text')),
  },
  {
    type: 'progressCheckpointNode',
    name: 'Progress Checkpoint',
    description: 'Records that the learner reached this point, so they can resume from it.',
    handles: step(),
  },
  {
    type: 'jsonBlockNode',
    name: 'JSON Block',
    description: 'Holds structured data you write, for blocks that need it.',
    handles: [output('json', 'json', 'JSON')],
  },
  {
    type: 'uuidGeneratorNode',
    name: 'Unique ID',
    description: 'Creates a unique id, for example to label a submission.',
    handles: step(output('uuid', 'text', 'ID')),
  },
  {
    type: 'flowJumpNode',
    name: 'Jump to Flow',
    description: 'Sends the learner on to another flow.',
    // The learner leaves this flow, so nothing follows on the canvas.
    handles: [STATEMENT_IN],
  },
]);
