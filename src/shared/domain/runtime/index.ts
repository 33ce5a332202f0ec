/**
 * The one flow runtime (ARCHITECTURE §2): pure TypeScript, used by the learner player in the browser
 * and by automation tasks on the server. Start a run, show what it returns, resume it with the
 * learner's answer; keep the state (plain JSON) between calls. See the README's Design notes.
 */
export { evaluateCondition } from './conditions';
export type { TNodeContext, TNodeExecutor, TOutcome } from './executor';
export {
  askFloatingBot,
  floatingBots,
  type TFloatingAskResult,
  type TFloatingBot,
} from './floating-bot';
export { compileFlow, type TRunFlow } from './graph';
export { jsonInputProvider, plainValue, runHeadless, type THeadlessResult } from './headless';
export type {
  TChatMessage,
  TFormField,
  TLearnerAnswer,
  TLearnerRequest,
  TMediaKind,
  TPackageFormat,
  TQuizQuestionForLearner,
  TShowContent,
  TShowItem,
  TUntrustedHtml,
  TUntrustedMarkdown,
  TWaiting,
} from './learner';
export { answerFits, parseAnswer } from './learner';
export { NODE_EXECUTORS, NOT_IN_PLAYER, nodeSupport, type TNodeSupport } from './nodes';
export type {
  TAiMessage,
  TAiPiece,
  TAiPort,
  TAiPurpose,
  TAiRequest,
  TClockPort,
  TInputProvider,
  TJournal,
  TJournalPort,
  TJournalScope,
  TLrsPort,
  TLrsQuery,
  TRandomPort,
  TRuntimePorts,
  TStoragePort,
  TXapiPort,
} from './ports';
export { manualClock, seededRandom } from './ports';
export {
  MEDIA_NOTICES,
  type TMediaNotice,
  type TMediaPort,
  type TSpeechAnswer,
  type TYoutubeAnswer,
} from './ports-media';
export { parseQuiz, scoreQuiz, type TQuiz } from './quiz-format';
export {
  isServerBlockType,
  SERVER_BLOCK_TYPES,
  type TServerBlockRequest,
  type TServerBlockResult,
  type TServerBlocksPort,
  type TServerBlockType,
} from './server-blocks';
export type { TRunEvent, TRunOptions } from './session';
export { SKIPPED_VERB, skipRun } from './skip';
export {
  DEFAULT_LIMITS,
  ISSUE_CODES,
  isRunState,
  RUNTIME_MESSAGE_KEYS,
  type TIssueCode,
  type TRunLimits,
  type TRunResult,
  type TRunState,
  type TRunStatus,
  type TRuntimeIssue,
} from './state';
export { hashUuid, uuidFrom } from './uuid';
export type { TDataType, TJson, TValue } from './values';
export { resumeRun, startRun } from './walker';
export {
  buildStatement,
  type TXapiActor,
  type TXapiRunContext,
  type TXapiStatement,
  XAPI_EXTENSIONS,
  XAPI_VERBS,
} from './xapi';
