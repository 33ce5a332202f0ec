import { defineNodes, input, output, step } from './types';

export const USER_INPUT_NODES = defineNodes('user-input', [
  {
    type: 'inputNode',
    name: 'Text Input',
    description: 'Asks the learner to type an answer and passes it on.',
    handles: step(output('text', 'text', 'Answer')),
  },
  {
    type: 'imageInputNode',
    name: 'Image Input',
    description: 'Asks the learner for a photo or picture and passes it on.',
    handles: step(output('image', 'image')),
  },
  {
    type: 'voiceInputNode',
    name: 'Voice Input',
    description: 'Records the learner speaking and passes the recording on.',
    handles: step(output('speech', 'speech', 'Recording')),
  },
  {
    type: 'whiteboardNode',
    name: 'Whiteboard',
    description: 'Gives the learner a whiteboard to draw on and passes the drawing on as an image.',
    handles: step(output('image', 'image', 'Drawing')),
  },
  {
    type: 'aerNode',
    name: 'Evidence Record',
    description: 'Collects evidence of the learner’s work for review.',
    handles: step(output('text', 'text', 'Evidence')),
    forcedDisabled: true,
  },
  {
    type: 'xApiBuilderNode',
    name: 'xAPI Builder',
    description: 'Builds an xAPI statement from the learner’s input and the linked result.',
    handles: step(input('result', 'text'), output('xapi', 'xApiStatement', 'Statement')),
  },
  {
    type: 'sendCustomXapiNode',
    name: 'Send Custom xAPI',
    description: 'Sends the linked xAPI statement to the learning record store.',
    handles: step(input('xapi', 'xApiStatement', 'Statement')),
  },
  {
    type: 'googleDriveUploadNode',
    name: 'Google Drive Upload',
    description: 'Lets the learner upload a file to Google Drive and passes the Drive file on.',
    // A linked file (a generated document) or text goes up as it is; with neither, the learner picks a file.
    handles: step(input('file', 'file'), input('text', 'text'), output('drive', 'drive', 'Drive file')),
  },
]);
