import { describe, expect, it } from 'vitest';
import { type AiChunk, type AiFlowSummary, complete } from '../../../src/server/adapters/ai/ai';
import { createOfflineProvider, OFFLINE_LABEL } from '../../../src/server/adapters/ai/offline';
import { offlineToolDescription, offlineToolName } from '../../../src/server/adapters/ai/offline-naming';
import { createAiProvider } from '../../../src/server/adapters/ai/provider';
import { parseNameDescription } from '../../../src/server/tools/tool-naming.service';

const ai = createOfflineProvider();
const flow = (name: string, nodeTypes: string[] = [], description = ''): AiFlowSummary => ({
  name,
  description,
  nodeTypes,
});

describe('[AI] offline provider', () => {
  it('is chosen when no base URL is configured, and says what it is', () => {
    expect(createAiProvider({ AI_MODEL: 'x' })).toMatchObject({
      id: 'offline',
      offline: true,
      label: OFFLINE_LABEL,
    });
    expect(createAiProvider({ AI_MODEL: 'x', AI_BASE_URL: 'http://127.0.0.1:1/v1' })).toMatchObject({
      id: 'openai-compatible',
      offline: false,
      label: 'x (127.0.0.1:1)',
    });
  });

  it('answers chat with a labelled placeholder that echoes the message, streamed in pieces', async () => {
    const chunks: AiChunk[] = [];
    for await (const c of ai.stream({ messages: [{ role: 'user', content: 'What is  photosynthesis?' }] }))
      chunks.push(c);
    expect(chunks.filter((c) => c.type === 'text').length).toBeGreaterThan(5);
    expect(chunks.at(-2)).toMatchObject({ type: 'usage' });
    expect(chunks.at(-1)).toEqual({ type: 'done' });
    const { text } = await complete(ai, {
      messages: [{ role: 'user', content: 'What is  photosynthesis?' }],
    });
    expect(text.startsWith(`[${OFFLINE_LABEL}]`)).toBe(true);
    expect(text).toContain('You asked (3 words): “What is photosynthesis?”');
    expect(text).toContain('AI_BASE_URL');
  });

  it('is deterministic and can be aborted', async () => {
    const req = { messages: [{ role: 'user' as const, content: 'Hello there' }] };
    expect(await complete(ai, req)).toEqual(await complete(ai, req));
    const controller = new AbortController();
    const run = async () => {
      for await (const c of ai.stream({ ...req, signal: controller.signal }))
        if (c.type === 'text') controller.abort();
    };
    await expect(run()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('names a tool as JSON from the flows it is given', async () => {
    const flows = [
      flow('Fractions Quiz 1', ['quizJsonNode']),
      flow('Fractions Quiz 2', ['inputNode', 'processNode']),
    ];
    const { text } = await complete(ai, { messages: [], task: { kind: 'name-description', flows } });
    expect(parseNameDescription(text)).toEqual({
      name: 'Fractions Quiz Toolkit',
      description:
        'A toolkit of 2 flows. In Fractions Quiz 1, learners take a quiz. In Fractions Quiz 2, learners type their answers and get AI feedback.',
    });
  });
});

describe('[AI] offline naming', () => {
  it('uses a single flow’s name, and lists flows that share no word', () => {
    expect(offlineToolName([flow('Volcano explorer')])).toBe('Volcano explorer');
    expect(offlineToolName([flow('Volcanoes'), flow('Poetry'), flow('Algebra'), flow('Ethics')])).toBe(
      'Toolkit: Volcanoes, Poetry, Algebra and 1 more',
    );
    expect(offlineToolName([flow('The flow of rivers'), flow('Flow of the sea')])).toBe(
      'Toolkit: The flow of rivers, Flow of the sea',
    );
  });

  it('describes flows by their node types, else by their own description', () => {
    expect(
      offlineToolDescription([flow('A', ['beginNode', 'voiceInputNode', 'processNode', 'voiceInputNode'])]),
    ).toBe('Learners answer by voice and get AI feedback.');
    expect(offlineToolDescription([flow('A', ['textNode'], 'Practise ordering food')])).toBe(
      'Practise ordering food.',
    );
    expect(offlineToolDescription([flow('A', ['whiteboardNode'], 'Draw the cell.')])).toBe(
      'Learners sketch on a whiteboard. Draw the cell.',
    );
    expect(offlineToolDescription([flow('A')])).toBe('A learning flow.');
  });

  it('describes flows that do the same things once, and lists flows that say nothing', () => {
    const reading = ['beginNode', 'displayNode'];
    const five = ['Welcome', 'Flow 2', 'Flow 10', 'Flow 11', 'Flow 12'].map((n) => flow(n, reading));
    expect(offlineToolDescription(five.slice(0, 3))).toBe(
      'A toolkit of 3 flows. In Welcome, Flow 2 and Flow 10, learners read content.',
    );
    expect(
      offlineToolDescription([...five, flow('Quiz', ['quizJsonNode']), flow('Own', [], 'Our own words')]),
    ).toBe(
      'A toolkit of 7 flows. In Welcome, Flow 2, Flow 10 and 2 more, learners read content. In Quiz, learners take a quiz. Own: Our own words.',
    );
    expect(offlineToolDescription([flow('A'), flow('B')])).toBe('A toolkit of 2 flows: A and B.');
  });
});

describe('[AI] reading a model’s name and description', () => {
  it('accepts JSON, fenced JSON and plain lines', () => {
    expect(parseNameDescription('{"name":"N","description":"D"}')).toEqual({ name: 'N', description: 'D' });
    expect(parseNameDescription('```json\n{"name": " N ", "description": "D"}\n```')).toEqual({
      name: 'N',
      description: 'D',
    });
    expect(parseNameDescription('Name: "Travel Talk"\nDescription: Learners speak.')).toEqual({
      name: 'Travel Talk',
      description: 'Learners speak.',
    });
    expect(parseNameDescription('  \n')).toBeNull();
  });
});
