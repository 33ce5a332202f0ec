import { describe, expect, it } from 'vitest';
import {
  catalogueEntry,
  HANDLE_TYPES,
  handleLabel,
  handleLabelKey,
  handleSpec,
  isKnownNodeType,
  NODE_CATALOGUE,
  NODE_GROUPS,
  NODE_SPEC_BY_TYPE,
  nodeSpec,
  paletteEntries,
} from '../../../src/shared/domain/node-catalogue';

const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);

// Spec 01 §9, copied list by list.
const SPEC_GROUPS: Record<string, string[]> = {
  'input-content': words(
    'beginNode textNode textMergeNode imageNode audioNode pdfDisplayNode assignCompetencyToUserNode audioInputNode',
  ),
  display: words(`displayNode widgetNode displayImageNode htmlNode xAPINode soundNode quizJsonNode h5pNode
    commentNode formNode xAPIReportNode xAPIRetrievalNode waitNode uploadPdfNode onlineVideoPlayerNode`),
  'user-input': words(`inputNode imageInputNode voiceInputNode whiteboardNode aerNode xApiBuilderNode
    sendCustomXapiNode googleDriveUploadNode`),
  'ai-processing': words(`generateVideoNode csvBuilderNode processNode fileUploaderNode dataDumpNode
    writeToGoogleSpreadsheetNode sentGmailNode promptNode simplePromptNode textToSpeechNode
    textToSpeechStreamingNode transcribeSpeechNode transcribeConversationNode generateImageNode
    describeImageNode scenariosNode knowledgeBankNode organizationKnowledgeBankNode knowledgeBotNode
    floatingKnowledgeBotNode voiceConversationNode youtubeTranscribeNode webCrawlerNode parallelProcessingNode
    aiOutputSplitterNode generateQuestionViaAiNode journalNode readJournalNode hideDisplayByIdNode
    updateJournalNode loadKnowledgeByBankIDNode localLLMConnectorNode flowCallReceiverNode flowCallReturnNode
    chatbotFlowProcessorNode powerpointNode apiCallNode documentDownloadNode pdfFromTemplateNode
    docxToTemplateNode webSearchNode jsonBuilderNode csvToPdfNode videoInputNode retrieveVoiceConversationChatLog
    reteriveFloatingKnowledgeBotConversationChatLog clearVoiceConversationChatLog describeVideoNode`),
  logic: words(`conditionalNode branchingNode executionConnectorNode findWordNode multiTurnConversationNode
    multiTurnRouterNode variableNode randomNumberGeneratorNode progressCheckpointNode jsonBlockNode
    uuidGeneratorNode flowJumpNode`),
  placeholders:
    words(`retrievePersistentDataNode apiFetchNode fetchCSVNode storePersistentDataNode sentToLRSNode
    interactiveBlockNode`),
};

const FORCED_DISABLED = words(`aerNode chatbotFlowProcessorNode flowCallReceiverNode flowCallReturnNode
  voiceConversationNode assignCompetencyToUserNode retrieveVoiceConversationChatLog clearVoiceConversationChatLog
  dataDumpNode organizationKnowledgeBankNode`);

const handlesOf = (type: string, direction: 'input' | 'output') =>
  nodeSpec(type)!
    .handles.filter((h) => h.direction === direction)
    .map((h) => `${h.handleId}:${h.type}`);

describe('node catalogue contents', () => {
  it('holds every node type of spec 01 §9 in its group, and nothing else', () => {
    const all = Object.values(SPEC_GROUPS).flat();
    expect(NODE_CATALOGUE.map((s) => s.type).sort()).toEqual([...all].sort());
    expect(NODE_SPEC_BY_TYPE.size).toBe(all.length);
    for (const [group, types] of Object.entries(SPEC_GROUPS)) {
      for (const type of types) expect(nodeSpec(type)?.group, type).toBe(group);
    }
    expect(NODE_GROUPS.map((g) => g.id)).toEqual(Object.keys(SPEC_GROUPS));
  });

  it('marks exactly the spec lists as disabled and forced disabled', () => {
    const disabled = NODE_CATALOGUE.filter((s) => s.disabled).map((s) => s.type);
    expect(disabled.sort()).toEqual([...SPEC_GROUPS.placeholders].sort());
    const forced = NODE_CATALOGUE.filter((s) => s.forcedDisabled).map((s) => s.type);
    expect(forced.sort()).toEqual([...FORCED_DISABLED].sort());
  });

  it('allows every node in a personal space but the organisation knowledge bank', () => {
    const orgOnly = NODE_CATALOGUE.filter((s) => !s.personalSpaceAllowed).map((s) => s.type);
    expect(orgOnly).toEqual(['organizationKnowledgeBankNode']);
  });

  it('uses the spec names', () => {
    expect(nodeSpec('beginNode')?.name).toBe('Start');
    expect(nodeSpec('conditionalNode')?.name).toBe('Show Button');
    expect(nodeSpec('executionConnectorNode')?.name).toBe('Execution Merger');
    expect(nodeSpec('processNode')?.name).toBe('AI General Feedback');
    expect(nodeSpec('variableNode')?.name).toBe('Create Text Label');
  });

  it('has the named outputs of the spec', () => {
    expect(handlesOf('quizJsonNode', 'output')).toEqual(
      expect.arrayContaining(['score:text', 'baseScore:text', 'userResponse:text']),
    );
    expect(handlesOf('processNode', 'output')).toEqual(
      expect.arrayContaining(['score:text', 'feedback:text']),
    );
    expect(handlesOf('findWordNode', 'output')).toEqual(['found:statement', 'notFound:statement']);
    expect(handlesOf('multiTurnConversationNode', 'output')).toEqual([
      'pass:statement',
      'fail:statement',
      'chatlog:text',
      'summary:text',
    ]);
    expect(handlesOf('beginNode', 'input')).toEqual([]);
    expect(handlesOf('beginNode', 'output')).toEqual(['out:statement', 'exec:execution']);
  });

  it('gives every node a help link, version 1, a description and unique handle ids', () => {
    for (const s of NODE_CATALOGUE) {
      expect(s.helpLink).toBe(`flow/share/${s.type}`);
      expect(s.version).toBe(1);
      expect(s.name.length).toBeGreaterThan(0);
      expect(s.description).toMatch(/^[A-Z].*\.$/);
      const ids = s.handles.map((h) => h.handleId);
      expect(new Set(ids).size, s.type).toBe(ids.length);
      for (const h of s.handles) expect(HANDLE_TYPES).toContain(h.type);
    }
  });

  it('keeps more than one statement output only on the two fan-out nodes', () => {
    const many = NODE_CATALOGUE.filter(
      (s) => s.handles.filter((h) => h.direction === 'output' && h.type === 'statement').length > 1,
    ).map((s) => s.type);
    expect(many.sort()).toEqual(['findWordNode', 'multiTurnConversationNode']);
  });

  it('has a producer and a consumer for every data type among placeable nodes', () => {
    const placeable = NODE_CATALOGUE.filter((s) => !s.disabled && !s.forcedDisabled);
    for (const type of HANDLE_TYPES) {
      const has = (d: string) =>
        placeable.some((s) => s.handles.some((h) => h.type === type && h.direction === d));
      expect(has('output'), `${type} producer`).toBe(true);
      expect(has('input'), `${type} consumer`).toBe(true);
    }
  });
});

describe('lookups', () => {
  it('finds node types and handles', () => {
    expect(isKnownNodeType('textNode')).toBe(true);
    expect(isKnownNodeType('nopeNode')).toBe(false);
    expect(handleSpec('promptNode', 'prompt')).toEqual({
      handleId: 'prompt',
      type: 'text',
      direction: 'input',
    });
    expect(handleSpec('promptNode', 'response')?.direction).toBe('output');
    expect(handleSpec('promptNode', 'nope')).toBeUndefined();
    expect(handleSpec('nopeNode', 'in')).toBeUndefined();
  });

  it('labels handles by their label or their id in words', () => {
    expect(handleLabel(handleSpec('quizJsonNode', 'userResponse')!)).toBe('User response');
    expect(handleLabel(handleSpec('findWordNode', 'notFound')!)).toBe('Not found');
    expect(handleLabel(handleSpec('promptNode', 'prompt')!)).toBe('Prompt');
  });

  it('keys handle labels for translation by the label in camelCase, or by the id', () => {
    expect(handleLabelKey(handleSpec('knowledgeBotNode', 'chatlog')!)).toBe('chatLog');
    expect(handleLabelKey(handleSpec('uploadPdfNode', 'file')!)).toBe('pdf');
    expect(handleLabelKey(handleSpec('aiOutputSplitterNode', 'part2')!)).toBe('part2');
    expect(handleLabelKey(handleSpec('quizJsonNode', 'userResponse')!)).toBe('userResponse');
    // 'Not found' spelled out and the id in words share one key.
    expect(handleLabelKey(handleSpec('findWordNode', 'notFound')!)).toBe('notFound');
  });

  it('gives the spec wire shape of an entry', () => {
    const e = catalogueEntry(nodeSpec('textToSpeechNode')!);
    expect(e).toMatchObject({
      type: 'textToSpeechNode',
      disabled: false,
      helpLink: 'flow/share/textToSpeechNode',
      isPersonalSpace: true,
      handleTypes: ['statement', 'text', 'speech'],
      inputHandles: [
        { handleId: 'in', type: 'statement' },
        { handleId: 'text', type: 'text' },
      ],
      outputHandles: [
        { handleId: 'out', type: 'statement' },
        { handleId: 'speech', type: 'speech' },
      ],
    });
    expect(catalogueEntry(nodeSpec('aerNode')!).disabled).toBe(true);
  });
});

describe('paletteEntries', () => {
  const find = (groups: ReturnType<typeof paletteEntries>, type: string) =>
    groups.flatMap((g) => g.entries).find((e) => e.spec.type === type);

  it('lists every node in group order, with why it cannot be placed', () => {
    const groups = paletteEntries({ personalSpace: false });
    expect(groups.map((g) => g.name)).toEqual(NODE_GROUPS.map((g) => g.name));
    expect(groups.flatMap((g) => g.entries)).toHaveLength(NODE_CATALOGUE.length);
    expect(find(groups, 'textNode')).toMatchObject({ placeable: true });
    expect(find(groups, 'textNode')?.reason).toBeUndefined();
    expect(find(groups, 'apiFetchNode')).toMatchObject({ placeable: false, reason: 'disabled' });
    expect(find(groups, 'aerNode')).toMatchObject({ placeable: false, reason: 'forced-disabled' });
    expect(find(groups, 'organizationKnowledgeBankNode')).toMatchObject({ reason: 'forced-disabled' });
  });

  it('tells a personal space that the organisation knowledge bank is organisation only', () => {
    const groups = paletteEntries({ personalSpace: true });
    expect(find(groups, 'organizationKnowledgeBankNode')).toMatchObject({
      placeable: false,
      reason: 'organisation-only',
    });
    expect(find(groups, 'knowledgeBankNode')?.placeable).toBe(true);
  });

  it('searches name, type and description, case-insensitively', () => {
    const types = (search: string) =>
      paletteEntries({ personalSpace: false, search }).flatMap((g) => g.entries.map((e) => e.spec.type));
    expect(types('SHOW BUTTON')).toContain('conditionalNode');
    expect(types('execution MERGER')).toEqual(['executionConnectorNode']);
    expect(types('executionconnector')).toEqual(['executionConnectorNode']);
    expect(types('spoken audio')).toContain('textToSpeechNode');
    expect(types('image describe')).toEqual(['describeImageNode']);
    expect(types("learner's journal")).toContain('journalNode');
    expect(types('  ')).toHaveLength(NODE_CATALOGUE.length);
    expect(paletteEntries({ personalSpace: false, search: 'zzzz-nothing' })).toEqual([]);
    const groups = paletteEntries({ personalSpace: false, search: 'quiz' });
    expect(groups.every((g) => g.entries.length > 0)).toBe(true);
  });

  it('also searches the texts the UI shows in its language', () => {
    const shown: Record<string, string> = { waitNode: '等待\n让流程暂停一段设定的时间。' };
    const types = (search: string) =>
      paletteEntries({ personalSpace: false, search, textOf: (s) => shown[s.type] ?? '' }).flatMap((g) =>
        g.entries.map((e) => e.spec.type),
      );
    expect(types('暂停')).toEqual(['waitNode']);
    expect(types('pauses')).toEqual(['waitNode']);
  });
});
