import { defineNodes, input, output, step } from './types';

export const DISPLAY_NODES = defineNodes('display', [
  {
    type: 'displayNode',
    name: 'Display Text',
    description: 'Shows the linked text to the learner.',
    handles: step(input('text', 'text')),
  },
  {
    type: 'widgetNode',
    name: 'Widget',
    description: 'Shows an interactive widget built from the linked data.',
    handles: step(input('data', 'json')),
  },
  {
    type: 'displayImageNode',
    name: 'Display Image',
    description: 'Shows the linked image to the learner.',
    handles: step(input('image', 'image')),
  },
  {
    type: 'htmlNode',
    name: 'HTML',
    description: 'Shows your own HTML content, optionally filled with the linked text.',
    handles: step(input('text', 'text')),
  },
  {
    type: 'xAPINode',
    name: 'xAPI Statement',
    description: 'Records an xAPI statement about what the learner did at this point.',
    handles: step(output('xapi', 'xApiStatement', 'Statement')),
  },
  {
    type: 'soundNode',
    name: 'Play Sound',
    description: 'Plays the linked audio to the learner.',
    handles: step(input('speech', 'speech', 'Audio')),
  },
  {
    type: 'quizJsonNode',
    name: 'Quiz',
    description: 'Runs a quiz and passes on the learner’s score, the maximum score and their answers.',
    handles: step(
      input('quiz', 'json', 'Questions'),
      output('score', 'text'),
      output('baseScore', 'text'),
      output('userResponse', 'text'),
    ),
  },
  {
    type: 'h5pNode',
    name: 'H5P Content',
    description: 'Shows an H5P activity and passes on the xAPI statements it reports.',
    handles: step(output('xapi', 'xApiStatement', 'Statements')),
  },
  {
    type: 'commentNode',
    name: 'Comment',
    description: 'A note for authors on the canvas; learners never see it.',
    handles: [],
  },
  {
    type: 'formNode',
    name: 'Form',
    description: 'Shows a form to the learner and passes on their answers.',
    handles: step(output('responses', 'json', 'Answers')),
  },
  {
    type: 'xAPIReportNode',
    name: 'xAPI Report',
    description: 'Shows the learner a report built from the linked xAPI statements.',
    handles: step(input('xapi', 'xApiStatement', 'Statements')),
  },
  {
    type: 'xAPIRetrievalNode',
    name: 'Retrieve xAPI Statements',
    description: 'Fetches the learner’s earlier xAPI statements and passes them on.',
    handles: step(output('xapi', 'xApiStatement', 'Statements'), output('text', 'text', 'Summary')),
  },
  {
    type: 'waitNode',
    name: 'Wait',
    description: 'Pauses the flow for a set time before it continues.',
    handles: step(),
  },
  {
    type: 'uploadPdfNode',
    name: 'Upload PDF',
    description: 'Lets the learner upload a PDF and passes on the file and its text.',
    handles: step(output('file', 'file', 'PDF'), output('text', 'text')),
  },
  {
    type: 'onlineVideoPlayerNode',
    name: 'Online Video Player',
    description: 'Plays an online or linked video to the learner.',
    handles: step(input('video', 'video')),
  },
]);
