import { next, type TNodeContext, type TNodeExecutor } from '../executor';
import { parseQuiz, quizForLearner, scoreQuiz, type TQuiz } from '../quiz-format';
import { type TJson, text } from '../values';
import { xapiScore } from '../xapi';

/** The linked quiz (Generate Questions with AI, a JSON Block), else the block's own data.quiz / first form. */
function quizOf(ctx: TNodeContext): TQuiz | undefined {
  const linked = ctx.input('quiz');
  const own = linked ? undefined : ctx.settings.json(['quiz', 'questions'], 0);
  const json = linked?.type === 'json' ? linked.json : own?.value;
  if (json === undefined) {
    if (own?.invalid) ctx.issue('json-invalid', 'warning', { handleId: 'quiz' });
    else ctx.missing('quiz');
    return undefined;
  }
  const quiz = parseQuiz(json);
  if (!quiz) ctx.issue('quiz-invalid', 'warning', { handleId: 'quiz' });
  return quiz;
}

/**
 * Quiz: asks the questions, scores the answers (the right answers never reach the learner's request),
 * and passes on score, baseScore (the most points possible) and userResponse (one "question: answer"
 * line each). With a pass score (the quiz's passScore or data.passScore) it also records passed/failed.
 */
export const quizJsonNode: TNodeExecutor = {
  run(ctx) {
    const quiz = quizOf(ctx);
    if (!quiz) return next();
    // Kept with the run, so the answer is scored against the questions the learner saw.
    ctx.remember(quiz as unknown as TJson);
    return {
      kind: 'wait',
      request: { kind: 'quiz', title: quiz.title || ctx.label, questions: quizForLearner(quiz) },
    };
  },
  async answer(ctx, answer) {
    const quiz = parseQuiz(ctx.memory());
    ctx.remember(undefined);
    if (answer.kind !== 'quiz' || !quiz) return next();
    const { score, baseScore, lines } = scoreQuiz(quiz, answer.responses);
    const userResponse = lines.join('\n');
    const passScore = quiz.passScore ?? ctx.settings.number(['passScore']);
    const success = passScore === undefined ? undefined : score >= passScore;
    await ctx.record({
      verb: 'answered',
      result: {
        score: xapiScore(score, baseScore),
        response: userResponse,
        ...(success === undefined ? {} : { success }),
      },
      evidence: userResponse,
    });
    if (success !== undefined) {
      await ctx.record({
        verb: success ? 'passed' : 'failed',
        result: { score: xapiScore(score, baseScore), success },
      });
    }
    return next({
      score: text(String(score)),
      baseScore: text(String(baseScore)),
      userResponse: text(userResponse),
    });
  },
};
