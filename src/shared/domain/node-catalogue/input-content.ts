import { defineNodes, input, output, STATEMENT_OUT, step } from './types';

export const INPUT_CONTENT_NODES = defineNodes('input-content', [
  {
    type: 'beginNode',
    name: 'Start',
    description: 'Where every learner enters the flow; it starts the main path and any background work.',
    // Only outputs: nothing runs before the start.
    handles: [STATEMENT_OUT, output('exec', 'execution', 'Background')],
  },
  {
    type: 'textNode',
    name: 'Text',
    description: 'Holds a piece of text, such as instructions or a question, for other blocks to use.',
    handles: [output('text', 'text')],
  },
  {
    type: 'textMergeNode',
    name: 'Merge Text',
    description: 'Joins two pieces of text into one, for example a question and the learner’s answer.',
    handles: step(input('first', 'text'), input('second', 'text'), output('merged', 'text')),
  },
  {
    type: 'imageNode',
    name: 'Image',
    description: 'Holds an image you upload so other blocks can show or analyse it.',
    handles: [output('image', 'image')],
  },
  {
    type: 'audioNode',
    name: 'Audio',
    description: 'Holds an audio clip you upload so other blocks can play or transcribe it.',
    handles: [output('speech', 'speech', 'Audio')],
  },
  {
    type: 'pdfDisplayNode',
    name: 'Show PDF',
    description: 'Shows a PDF document to the learner and passes its text on.',
    handles: step(input('file', 'file', 'PDF'), output('text', 'text')),
  },
  {
    type: 'assignCompetencyToUserNode',
    name: 'Assign Competency',
    description: 'Records that the learner has shown a competency, using the linked evidence.',
    handles: step(input('evidence', 'text')),
    forcedDisabled: true,
  },
  {
    type: 'audioInputNode',
    name: 'Audio Upload',
    description: 'Lets the learner upload an audio file for later blocks to play or transcribe.',
    handles: step(output('speech', 'speech', 'Audio')),
  },
]);
