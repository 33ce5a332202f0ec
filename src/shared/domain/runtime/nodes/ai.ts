import { next, type TNodeContext, type TNodeExecutor, type TOutcome } from '../executor';
import type { TAiMessage } from '../ports';
import { promptsFromTemplate } from '../prompt-template-data';
import { parseQuiz } from '../quiz-format';
import { clamp } from '../settings';
import { extractJson, isRecord, text, valueAsText } from '../values';
import { xapiScore } from '../xapi';

/**
 * AI blocks. Each call goes through the AI port, which charges credits; the runtime counts the usage
 * and caps the calls between two learner answers. Prompts to models are the authors' words plus short
 * English instructions for the format; nothing here is shown to the learner as is.
 */

const model = (ctx: TNodeContext) => ctx.settings.text(['model'])?.trim() || undefined;

/** A linked knowledge bank: its id for the provider to retrieve from, its inline text for the prompt. */
function knowledgeOf(ctx: TNodeContext): { bankIds?: string[]; context: string } {
  const k = ctx.input('knowledge');
  if (k?.type !== 'knowledge') return { context: '' };
  return { bankIds: [k.bankId], context: k.text ? `\n\nKnowledge:\n${k.text}` : '' };
}

export const ask = (system: string, user: string): TAiMessage[] =>
  system.trim()
    ? [
        { role: 'system', content: system.trim() },
        { role: 'user', content: user },
      ]
    : [{ role: 'user', content: user }];

/**
 * Prompt blocks: the author's own prompt (data.prompt, first form) and the linked one, joined, as the
 * user message; data.instructions (second form) and linked knowledge as the system message.
 */
function promptBlock(inHandle: string, outHandle: string, preamble = ''): TNodeExecutor {
  return {
    async run(ctx): Promise<TOutcome> {
      // A chosen prompt template (data.promptTemplate) stands in for the block's own prompt and instructions.
      const template = promptsFromTemplate(ctx.settings.raw('promptTemplate'));
      const own = template ? template.user : ctx.settings.text(['prompt'], 0);
      const linked = ctx.input(inHandle);
      const user = [own && ctx.interpolate(own), linked && valueAsText(linked)].filter(Boolean).join('\n\n');
      if (!user.trim()) {
        ctx.missing(inHandle);
        return next();
      }
      const knowledge = knowledgeOf(ctx);
      const instructions = ctx.interpolate(
        template ? template.system : (ctx.settings.text(['instructions', 'systemPrompt', 'system'], 1) ?? ''),
      );
      const answer = await ctx.ai({
        purpose: 'prompt',
        expects: 'text',
        messages: ask(`${preamble}${instructions}${knowledge.context}`, user),
        ...(model(ctx) ? { model: model(ctx) } : {}),
        ...(knowledge.bankIds ? { knowledgeBankIds: knowledge.bankIds } : {}),
      });
      return answer === undefined ? next() : next({ [outHandle]: text(answer) });
    },
  };
}

/** A score and feedback from a model's answer: JSON first, then "7/10"-like prose. */
export function readFeedback(answer: string, maxScore: number): { score?: number; feedback: string } {
  const json = extractJson(answer);
  if (isRecord(json)) {
    const score = Number(json.score);
    const feedback = typeof json.feedback === 'string' ? json.feedback : answer;
    if (Number.isFinite(score)) return { score: clamp(score, 0, maxScore), feedback };
  }
  const m =
    /(\d+(?:\.\d+)?)\s*(?:\/|out of)\s*\d+/i.exec(answer) ?? /score\D{0,3}(\d+(?:\.\d+)?)/i.exec(answer);
  return m ? { score: clamp(Number(m[1]), 0, maxScore), feedback: answer } : { feedback: answer };
}

/** AI General Feedback: marks the linked answer out of data.maxScore (third form, 10 by default). */
const processNode: TNodeExecutor = {
  async run(ctx) {
    const response = ctx.text('response', ctx.settings.text(['answer']));
    if (response === undefined) return next();
    const maxScore = clamp(Math.round(ctx.settings.number(['maxScore'], 2) ?? 10), 1, 1000);
    const task = ctx.interpolate(ctx.settings.text(['question', 'task'], 0) ?? '');
    const rubric = ctx.interpolate(ctx.settings.text(['rubric', 'criteria'], 1) ?? '');
    const system = [
      `You are a teacher. Mark the learner's answer out of ${maxScore} and give short, kind feedback.`,
      task && `Task: ${task}`,
      rubric && `Criteria: ${rubric}`,
      'Reply with JSON only: {"score": <number>, "feedback": "<text>"}',
    ]
      .filter(Boolean)
      .join('\n');
    const answer = await ctx.ai({ purpose: 'feedback', expects: 'json', messages: ask(system, response) });
    if (answer === undefined) return next();
    const { score, feedback } = readFeedback(answer, maxScore);
    if (score === undefined) ctx.issue('ai-unparsable', 'warning', { handleId: 'score' });
    await ctx.record({
      verb: 'answered',
      result: { ...(score === undefined ? {} : { score: xapiScore(score, maxScore) }), response: feedback },
      evidence: response,
    });
    return next({ ...(score === undefined ? {} : { score: text(String(score)) }), feedback: text(feedback) });
  },
};

/** Generate Questions with AI: data.count questions (second form, 5 by default, at most 20) on the topic. */
const generateQuestionViaAiNode: TNodeExecutor = {
  async run(ctx) {
    const topic = ctx.text('topic', ctx.settings.text(['topic'], 0));
    if (topic === undefined) return next();
    const count = clamp(Math.round(ctx.settings.number(['count'], 1) ?? 5), 1, 20);
    const knowledge = knowledgeOf(ctx);
    const system = [
      `Write ${count} multiple-choice quiz questions on the learner's topic.${knowledge.context}`,
      'Reply with JSON only: {"questions": [{"question": "...", "options": ["..."], "answer": "<the right option>"}]}',
    ].join('\n');
    const answer = await ctx.ai({
      purpose: 'questions',
      expects: 'json',
      messages: ask(system, topic),
      ...(knowledge.bankIds ? { knowledgeBankIds: knowledge.bankIds } : {}),
    });
    if (answer === undefined) return next();
    const quiz = parseQuiz(extractJson(answer));
    if (!quiz) {
      ctx.issue('ai-unparsable', 'warning', { handleId: 'quiz' });
      return next();
    }
    const questions = quiz.questions.map((q) => ({
      id: q.id,
      question: q.prompt,
      options: q.options,
      answer: q.correct,
    }));
    // The model's own title when it gives one (the offline demo names itself there), else the topic.
    const title = (quiz.title.trim() || topic).slice(0, 200);
    return next({ quiz: { type: 'json', json: { title, questions } } });
  },
};

export const AI_EXECUTORS: Record<string, TNodeExecutor> = {
  promptNode: promptBlock('prompt', 'response'),
  simplePromptNode: promptBlock('prompt', 'response'),
  parallelProcessingNode: promptBlock('prompt', 'response'),
  scenariosNode: promptBlock(
    'context',
    'scenario',
    'Write a short, realistic scenario for the learner to work through.\n',
  ),
  processNode,
  generateQuestionViaAiNode,
  // A local model server (Ollama, llama.cpp, LM Studio) set on the block: the host picks that provider.
  localLLMConnectorNode: promptBlock('prompt', 'response'),
};
