import { describe, expect, it } from 'vitest';
import { NODE_CATALOGUE } from '../../../src/shared/domain/node-catalogue';
import { NODE_EXECUTORS, NOT_IN_PLAYER, nodeSupport, runHeadless } from '../../../src/shared/domain/runtime';
import { anyInput, mistypedOutputs } from './answers';
import { flow, setup } from './harness';

/** The blocks the learner player has run from its first release. */
const MUST_RUN = [
  'beginNode',
  'textNode',
  'textMergeNode',
  'imageNode',
  'audioNode',
  'pdfDisplayNode',
  'displayNode',
  'displayImageNode',
  'htmlNode',
  'onlineVideoPlayerNode',
  'commentNode',
  'formNode',
  'inputNode',
  'imageInputNode',
  'quizJsonNode',
  'conditionalNode',
  'branchingNode',
  'findWordNode',
  'variableNode',
  'randomNumberGeneratorNode',
  'progressCheckpointNode',
  'waitNode',
  'jsonBlockNode',
  'uuidGeneratorNode',
  'promptNode',
  'simplePromptNode',
  'processNode',
  'generateQuestionViaAiNode',
  'multiTurnConversationNode',
  'journalNode',
  'readJournalNode',
  'updateJournalNode',
  'xAPINode',
  'sendCustomXapiNode',
];

describe('every node type of the catalogue runs or is reported', () => {
  it('runs every block the first player ran', () => {
    expect(MUST_RUN.filter((t) => nodeSupport(t) !== 'runs')).toEqual([]);
  });

  it('runs every block an author can place (none shows "not available")', () => {
    // Placeable: neither a disabled placeholder nor forced disabled in the palette (spec 01 §9).
    const placeable = NODE_CATALOGUE.filter((s) => !s.disabled && !s.forcedDisabled).map((s) => s.type);
    expect(placeable.length).toBeGreaterThan(80);
    expect(placeable).toContain('powerpointNode');
    expect(placeable).toContain('googleDriveUploadNode');
    expect(placeable.filter((t) => nodeSupport(t) !== 'runs')).toEqual([]);
  });

  it('knows every catalogue type; placeholders are reported as placeholders; no executor for a type the catalogue lacks', () => {
    for (const spec of NODE_CATALOGUE) {
      expect(nodeSupport(spec.type), spec.type).not.toBe('unknown-type');
      if (spec.disabled) expect(nodeSupport(spec.type), spec.type).toBe('placeholder');
    }
    const catalogue = new Set(NODE_CATALOGUE.map((s) => s.type));
    expect(Object.keys(NODE_EXECUTORS).filter((t) => !catalogue.has(t))).toEqual([]);
    expect(NOT_IN_PLAYER).not.toContain('powerpointNode');
    expect(NOT_IN_PLAYER).not.toContain('googleDriveUploadNode');
    expect(NOT_IN_PLAYER).toContain('dataDumpNode');
    expect(NOT_IN_PLAYER).not.toContain('textToSpeechNode');
    expect(NOT_IN_PLAYER).not.toContain('quizJsonNode');
    expect(nodeSupport('noSuchNode')).toBe('unknown-type');
  });

  const stepTypes = NODE_CATALOGUE.filter((s) =>
    s.handles.some((h) => h.handleId === 'in' && h.direction === 'input'),
  );

  it.each(stepTypes.map((s) => s.type))(
    '%s on the path: runs or shows "not available", never fails inside',
    async (type) => {
      const { options } = setup({
        ai: () => '{"score": 1, "feedback": "f", "passed": true, "summary": "s"}',
      });
      const f = flow(['s:beginNode', ['n', type, { label: 'Block' }]], ['s.out>n.in']);
      const r = await runHeadless(f, anyInput, options);
      expect(r.issues.filter((i) => i.code === 'internal')).toEqual([]);
      expect(['done', 'failed']).toContain(r.status);
      if (r.status === 'failed') expect(r.error?.code).toBe('answer-required');
      const unavailable = r.shown.some((i) => i.kind === 'unavailable');
      expect(unavailable).toBe(nodeSupport(type) !== 'runs');
      expect(mistypedOutputs(r.state, (id) => (id === 'n' ? type : 'beginNode'))).toEqual([]);
    },
  );
});
