import { nodeSupport } from '../../shared/domain/runtime';

/**
 * Learner steps a prompt can ask the offline planner for by naming them ("with a photo step", "record
 * their voice", "a short survey"). Only blocks the learner's runtime runs are offered, so a generated
 * flow never holds a step the player would show as not available.
 */
export type TAskedStep = {
  id: string;
  type: string;
  label: string;
  data: Record<string, unknown>;
  /** The step in the plan's "instructional design" list. */
  says: string;
  /** The kind as the plan's first stage names it ("a photo"). */
  kind: string;
};

type TStepKind = { words: RegExp; make: (topic: string) => Omit<TAskedStep, 'type'>; type: string };

const KINDS: TStepKind[] = [
  {
    type: 'imageInputNode',
    words: /\b(photos?|pictures?|images?|camera|snapshots?)\b/i,
    make: (topic) => ({
      id: 'photo',
      kind: 'a photo',
      label: 'Take a photo',
      data: { label: 'Take a photo', question: `Take a photo of something that shows ${topic}.` },
      says: `Photo: the learner takes a photo of something that shows ${topic}.`,
    }),
  },
  {
    type: 'whiteboardNode',
    words: /\b(draw|drawing|sketch|whiteboard|diagram)\b/i,
    make: (topic) => ({
      id: 'drawing',
      kind: 'a drawing',
      label: 'Draw it',
      data: { label: 'Draw it', question: `Draw a diagram of ${topic}.` },
      says: `Drawing: the learner draws a diagram of ${topic}.`,
    }),
  },
  {
    type: 'voiceInputNode',
    words: /\b(voice|speak|speaking|spoken|record(?:ing)?|audio|oral)\b/i,
    make: (topic) => ({
      id: 'voice',
      kind: 'a voice recording',
      label: 'Say it aloud',
      data: { label: 'Say it aloud', question: `Record yourself explaining ${topic} in one minute.` },
      says: `Voice: the learner records a one-minute spoken explanation of ${topic}.`,
    }),
  },
  {
    type: 'videoInputNode',
    words: /\b(videos?|film|filming)\b/i,
    make: (topic) => ({
      id: 'video',
      kind: 'a video',
      label: 'Show it on video',
      data: { label: 'Show it on video', question: `Record a short video that shows ${topic}.` },
      says: `Video: the learner records a short video that shows ${topic}.`,
    }),
  },
  {
    type: 'formNode',
    words: /\b(survey|form|questionnaire|self[- ]assessment|reflection form)\b/i,
    make: (topic) => ({
      id: 'survey',
      kind: 'a survey',
      label: 'Quick survey',
      data: {
        label: 'Quick survey',
        fields: [
          {
            id: 'confidence',
            label: `How confident are you about ${topic} now (1–5)?`,
            multiline: false,
            required: true,
          },
          {
            id: 'question',
            label: `What would you still like to know about ${topic}?`,
            multiline: true,
            required: false,
          },
        ],
      },
      says: `Survey: the learner rates their confidence and asks what they still want to know about ${topic}.`,
    }),
  },
];

/** The steps the prompt names, in the order of the table, each at most once. */
export function askedSteps(prompt: string, topic: string): TAskedStep[] {
  return KINDS.filter((k) => k.words.test(prompt) && nodeSupport(k.type) === 'runs').map((k) => ({
    type: k.type,
    ...k.make(topic),
  }));
}
