import { defineNodes, input, output, STATEMENT_IN, step, type TNodeSwitch } from './types';

/**
 * Journal blocks' data.collaborative: the assignment's journal of that name, shared by its learners
 * (each writer becomes a member; spec 02 §3 Collaborative journal), instead of the learner's own.
 */
const SHARED_WITH_CLASS: TNodeSwitch = { key: 'collaborative', label: 'Shared with the class' };

// Files, documents, sheets, journals and integrations of the "AI and processing" group.
export const AI_PROCESSING_TOOL_NODES = defineNodes('ai-processing', [
  {
    type: 'csvBuilderNode',
    name: 'CSV Builder',
    description: 'Collects the linked values into table rows, ready for a spreadsheet or a PDF.',
    handles: step(input('data', 'text', 'Values'), output('csv', 'csv', 'CSV')),
  },
  {
    type: 'fileUploaderNode',
    name: 'File Uploader',
    description: 'Lets the learner upload a file and passes it on.',
    handles: step(output('file', 'file')),
  },
  {
    type: 'dataDumpNode',
    name: 'Data Dump',
    description: 'Saves the linked data so you can export it later.',
    handles: step(input('data', 'json')),
    forcedDisabled: true,
  },
  {
    type: 'writeToGoogleSpreadsheetNode',
    name: 'Write to Google Sheet',
    description: 'Adds the linked rows to a Google spreadsheet you own.',
    handles: step(input('csv', 'csv', 'Rows')),
  },
  {
    type: 'sentGmailNode',
    name: 'Send Gmail',
    description: 'Sends an e-mail from your Gmail account with the linked text and attachments.',
    handles: step(input('body', 'text', 'Message'), input('attachment', 'file'), input('driveFile', 'drive')),
  },
  {
    type: 'youtubeTranscribeNode',
    name: 'YouTube Transcript',
    description: 'Fetches the transcript of a YouTube video.',
    handles: step(input('url', 'text', 'Video link'), output('transcript', 'text')),
  },
  {
    type: 'webCrawlerNode',
    name: 'Web Crawler',
    description: 'Reads the text of a web page so AI blocks can use it.',
    handles: step(input('url', 'text', 'Page link'), output('content', 'text')),
  },
  {
    type: 'journalNode',
    name: 'Journal',
    description: 'Saves an entry in the learner’s journal.',
    handles: step(input('entry', 'text')),
    switches: [SHARED_WITH_CLASS],
  },
  {
    type: 'readJournalNode',
    name: 'Read Journal',
    description: 'Reads the learner’s journal entries for later blocks.',
    handles: step(output('entries', 'text')),
    switches: [SHARED_WITH_CLASS],
  },
  {
    type: 'hideDisplayByIdNode',
    name: 'Hide Display',
    description: 'Hides content shown earlier in the flow, chosen by its block id.',
    handles: step(),
  },
  {
    type: 'updateJournalNode',
    name: 'Update Journal',
    description: 'Changes an existing entry in the learner’s journal.',
    handles: step(input('entry', 'text')),
    switches: [SHARED_WITH_CLASS],
  },
  {
    type: 'flowCallReceiverNode',
    name: 'Flow Call Receiver',
    description: 'Starts this flow when another flow calls it, with the data it sends.',
    // An entry point, like Start: nothing runs before it.
    handles: [output('out', 'statement'), output('payload', 'json', 'Data')],
    forcedDisabled: true,
  },
  {
    type: 'flowCallReturnNode',
    name: 'Flow Call Return',
    description: 'Ends this flow and sends the linked data back to the flow that called it.',
    // The end of a called flow: control returns to the caller, so there is no output.
    handles: [STATEMENT_IN, input('payload', 'json', 'Data')],
    forcedDisabled: true,
  },
  {
    type: 'chatbotFlowProcessorNode',
    name: 'Chatbot Flow Processor',
    description: 'Answers a chatbot message by running this flow.',
    handles: step(input('message', 'text'), output('reply', 'text')),
    forcedDisabled: true,
  },
  {
    type: 'powerpointNode',
    name: 'PowerPoint',
    description: 'Builds a PowerPoint presentation from the linked text.',
    handles: step(input('content', 'text'), output('file', 'file', 'Presentation')),
  },
  {
    type: 'apiCallNode',
    name: 'API Call',
    description: 'Calls a web service with the linked data and passes its answer on.',
    handles: step(input('body', 'json', 'Request'), output('response', 'json')),
  },
  {
    type: 'documentDownloadNode',
    name: 'Document Download',
    description: 'Offers the linked document to the learner to download.',
    handles: step(input('file', 'file', 'Document')),
  },
  {
    type: 'pdfFromTemplateNode',
    name: 'PDF from Template',
    description: 'Fills a PDF template with the linked data, for example a certificate.',
    handles: step(input('data', 'json'), output('file', 'file', 'PDF')),
  },
  {
    type: 'docxToTemplateNode',
    name: 'Word Document from Template',
    description: 'Fills a Word template with the linked data.',
    handles: step(input('data', 'json'), output('file', 'file', 'Document')),
  },
  {
    type: 'webSearchNode',
    name: 'Web Search',
    description: 'Searches the web for the linked query and passes the results on.',
    handles: step(input('query', 'text'), output('results', 'text')),
  },
  {
    type: 'jsonBuilderNode',
    name: 'JSON Builder',
    description: 'Builds structured data from the linked text for blocks that need it.',
    handles: step(input('text', 'text'), output('json', 'json', 'JSON')),
  },
  {
    type: 'csvToPdfNode',
    name: 'CSV to PDF',
    description: 'Turns the linked table rows into a PDF document.',
    handles: step(input('csv', 'csv', 'Rows'), output('file', 'file', 'PDF')),
  },
  {
    type: 'videoInputNode',
    name: 'Video Input',
    description: 'Lets the learner record or upload a video and passes it on.',
    handles: step(output('video', 'video')),
  },
]);
