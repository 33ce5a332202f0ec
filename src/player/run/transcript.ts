import type { TLearnerAnswer, TLearnerRequest } from '../../shared/domain/runtime';

/**
 * What the learner answered and what the AI said back, kept beside the run's state so a reopened flow
 * shows them again: the runtime's feed holds only what the flow showed. `after` is
 * the feed's `seq` when the answer was given: the entry sits after that feed item.
 */
export type TTranscriptEntry = {
  after: number;
  key: string;
  kind: 'answer' | 'ai';
  /** Plain text, one line per part (a quiz's questions, a form's fields); AI entries are markdown. */
  text: string;
  /** A photo the learner sent. */
  image?: string;
};

const list = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : (value ?? '');

/** The learner's answer as words, or null for answers that say nothing (Next, a retry). */
export function answerText(request: TLearnerRequest, answer: TLearnerAnswer): string | null {
  if (answer.kind === 'text' && request.kind === 'text') return answer.text;
  if (answer.kind === 'quiz' && request.kind === 'quiz')
    return request.questions.map((q) => `${q.prompt} — ${list(answer.responses[q.id]) || '…'}`).join('\n');
  if (answer.kind === 'choice' && request.kind === 'choice')
    return request.options.find((o) => o.id === answer.optionId)?.label ?? null;
  if (answer.kind === 'form' && request.kind === 'form')
    return request.fields.map((f) => `${f.label}: ${answer.values[f.id] ?? ''}`).join('\n');
  if (answer.kind === 'media' && request.kind === 'media' && answer.url !== 'about:blank')
    return answer.name ?? '';
  return null;
}

/** The entries one accepted answer adds: the answer itself, then the AI texts streamed after it. */
export function transcriptEntries(
  request: TLearnerRequest,
  answer: TLearnerAnswer,
  after: number,
  streamed: Record<string, string>,
): TTranscriptEntry[] {
  const out: TTranscriptEntry[] = [];
  const said = answerText(request, answer);
  if (said !== null) {
    const image = answer.kind === 'media' && answer.mediaType?.startsWith('image/') ? answer.url : undefined;
    out.push({
      after,
      key: `a-${after}-${request.kind}`,
      kind: 'answer',
      text: image ? '' : said,
      ...(image ? { image } : {}),
    });
  }
  // A conversation shows its own turns in its box: its streamed replies stay live only.
  if (request.kind !== 'conversation')
    for (const [nodeId, text] of Object.entries(streamed))
      if (text.trim()) out.push({ after, key: `ai-${after}-${nodeId}`, kind: 'ai', text });
  return out;
}
