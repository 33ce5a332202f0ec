import { defineNodes, input, output, step } from './types';

// Many AI blocks share the prompt → response shape.
const PROMPTED = [input('prompt', 'text'), output('response', 'text')] as const;

// The group is long, so it lives in two files: the AI model blocks here, and files, documents, sheets,
// journals and integrations in ai-processing-tools.ts. The palette lists this file's nodes first.
export const AI_PROCESSING_NODES = defineNodes('ai-processing', [
  {
    type: 'generateVideoNode',
    name: 'Generate Video',
    description: 'Creates a short video with AI from the linked description.',
    handles: step(input('prompt', 'text'), output('video', 'video')),
  },
  {
    type: 'processNode',
    name: 'AI General Feedback',
    description: 'Marks the learner’s answer with AI and gives a score and written feedback.',
    handles: step(input('response', 'text', 'Answer'), output('score', 'text'), output('feedback', 'text')),
  },
  {
    type: 'promptNode',
    name: 'AI Prompt',
    description: 'Asks an AI model the linked prompt, optionally grounded in a knowledge bank.',
    handles: step(...PROMPTED, input('knowledge', 'knowledge')),
  },
  {
    type: 'simplePromptNode',
    name: 'Simple AI Prompt',
    description: 'Asks an AI model the linked prompt and passes the answer on.',
    handles: step(...PROMPTED),
  },
  {
    type: 'textToSpeechNode',
    name: 'Text to Speech',
    description: 'Turns the linked text into spoken audio.',
    handles: step(input('text', 'text'), output('speech', 'speech')),
  },
  {
    type: 'textToSpeechStreamingNode',
    name: 'Streaming Text to Speech',
    description: 'Speaks the linked text aloud as it is produced, without waiting for the whole text.',
    handles: step(input('text', 'text'), output('speech', 'speech')),
  },
  {
    type: 'transcribeSpeechNode',
    name: 'Transcribe Speech',
    description: 'Turns the linked recording into text.',
    handles: step(input('speech', 'speech'), output('text', 'text')),
  },
  {
    type: 'transcribeConversationNode',
    name: 'Transcribe Conversation',
    description: 'Turns a recorded conversation into a transcript that names the speakers.',
    handles: step(input('speech', 'speech', 'Recording'), output('transcript', 'text')),
  },
  {
    type: 'generateImageNode',
    name: 'Generate Image',
    description: 'Creates an image with AI from the linked description.',
    handles: step(input('prompt', 'text'), output('image', 'image')),
  },
  {
    type: 'describeImageNode',
    name: 'Describe Image',
    description: 'Describes the linked image in words with AI.',
    handles: step(input('image', 'image'), output('description', 'text')),
  },
  {
    type: 'scenariosNode',
    name: 'Scenarios',
    description: 'Writes a realistic scenario with AI for the learner to work through.',
    handles: step(input('context', 'text'), output('scenario', 'text')),
  },
  {
    type: 'knowledgeBankNode',
    name: 'Knowledge Bank',
    description: 'Makes your documents available to AI blocks as a knowledge bank.',
    handles: [output('bank', 'bank'), output('knowledge', 'knowledge')],
  },
  {
    type: 'organizationKnowledgeBankNode',
    name: 'Organisation Knowledge Bank',
    description: 'Makes your organisation’s shared documents available to AI blocks.',
    handles: [output('bank', 'bank'), output('knowledge', 'knowledge')],
    forcedDisabled: true,
    personalSpaceAllowed: false,
  },
  {
    type: 'knowledgeBotNode',
    name: 'Knowledge Bot',
    description: 'Lets the learner chat with an AI that answers from the linked knowledge bank.',
    handles: step(input('bank', 'bank'), output('chatlog', 'text', 'Chat log')),
  },
  {
    type: 'floatingKnowledgeBotNode',
    name: 'Floating Knowledge Bot',
    description: 'Keeps a knowledge bank chat window open beside the rest of the flow.',
    handles: step(input('bank', 'bank')),
  },
  {
    type: 'voiceConversationNode',
    name: 'Voice Conversation',
    description: 'Lets the learner hold a spoken conversation with an AI.',
    handles: step(input('knowledge', 'knowledge'), output('chatlog', 'text', 'Chat log')),
    forcedDisabled: true,
  },
  {
    type: 'parallelProcessingNode',
    name: 'Parallel Processing',
    description: 'Runs AI work in the background while the learner carries on.',
    handles: step(
      input('execIn', 'execution', 'Start'),
      ...PROMPTED,
      output('exec', 'execution', 'Background'),
    ),
  },
  {
    type: 'aiOutputSplitterNode',
    name: 'AI Output Splitter',
    description: 'Splits an AI answer into separate parts for different blocks.',
    handles: step(
      input('text', 'text'),
      output('part1', 'text', 'Part 1'),
      output('part2', 'text', 'Part 2'),
      output('part3', 'text', 'Part 3'),
    ),
  },
  {
    type: 'generateQuestionViaAiNode',
    name: 'Generate Questions with AI',
    description: 'Writes quiz questions with AI on the linked topic.',
    handles: step(
      input('topic', 'text'),
      input('knowledge', 'knowledge'),
      output('quiz', 'json', 'Questions'),
    ),
  },
  {
    type: 'loadKnowledgeByBankIDNode',
    name: 'Load Knowledge Bank by ID',
    description: 'Loads a knowledge bank chosen by its id, for example one picked earlier in the flow.',
    handles: step(
      input('bankId', 'text', 'Bank ID'),
      output('bank', 'bank'),
      output('knowledge', 'knowledge'),
    ),
  },
  {
    type: 'localLLMConnectorNode',
    name: 'Local AI Model',
    description: 'Sends the linked prompt to an AI model running on your own server.',
    handles: step(...PROMPTED),
  },
  {
    type: 'retrieveVoiceConversationChatLog',
    name: 'Voice Conversation Chat Log',
    description: 'Reads the chat log of the learner’s voice conversation.',
    handles: step(output('chatlog', 'text', 'Chat log')),
    forcedDisabled: true,
  },
  {
    type: 'reteriveFloatingKnowledgeBotConversationChatLog',
    name: 'Floating Knowledge Bot Chat Log',
    description: 'Reads the chat log of the learner’s floating knowledge bot conversation.',
    handles: step(output('chatlog', 'text', 'Chat log')),
  },
  {
    type: 'clearVoiceConversationChatLog',
    name: 'Clear Voice Conversation Chat Log',
    description: 'Clears the chat log of the learner’s voice conversation so it can start afresh.',
    handles: step(),
    forcedDisabled: true,
  },
  {
    type: 'describeVideoNode',
    name: 'Describe Video',
    description: 'Describes the linked video in words with AI.',
    handles: step(input('video', 'video'), output('description', 'text')),
  },
]);
