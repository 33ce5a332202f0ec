import { OFFLINE_LABEL } from './offline-label';

/**
 * Answers of the offline provider to flow blocks whose answer is data, not prose: a block that
 * parses JSON cannot use the labelled placeholder, so a generated lesson's quiz would never appear.
 * The quiz it writes is plainly the offline demo's (its title says so) and is built only from what
 * the block sent: the topic and the number of questions.
 */
const TEMPLATES: Array<(topic: string) => { question: string; options: string[] }> = [
  (topic) => ({
    question: 'What is this lesson about?',
    options: [topic, 'Something this lesson does not cover'],
  }),
  (topic) => ({
    question: `What is a good first step when a question about ${topic} is hard?`,
    options: ['Read the introduction again, then try', 'Give up on the lesson'],
  }),
  (topic) => ({
    question: `How do you show that you understood ${topic}?`,
    options: ['Explain it in your own words with an example', 'Copy a sentence without reading it'],
  }),
];

const QUESTIONS_MAX = 20;
const TOPIC_MAX = 120;

/** "Write 3 multiple-choice quiz questions…" → 3 (the runtime's own instruction; 3 when absent). */
function countOf(system: string): number {
  const n = Number(/\bWrite (\d{1,2}) multiple-choice/i.exec(system)?.[1] ?? 3);
  return Math.min(Math.max(1, n), QUESTIONS_MAX);
}

export function offlineQuiz(system: string, topicText: string): string {
  const topic = topicText.replace(/\s+/g, ' ').trim().slice(0, TOPIC_MAX) || 'this topic';
  const questions = Array.from({ length: countOf(system) }, (_, i) => {
    const { question, options } = TEMPLATES[i % TEMPLATES.length](topic);
    const round = Math.floor(i / TEMPLATES.length);
    return {
      id: `q${i + 1}`,
      question: round ? `${question} (${round + 1})` : question,
      options,
      answer: options[0],
    };
  });
  return JSON.stringify({ title: `${OFFLINE_LABEL}: ${topic}`, questions });
}
