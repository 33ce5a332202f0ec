import { describe, expect, it } from 'vitest';
import { widgetsOf } from '../../../src/server/generator/generator.service';

describe('[GENERATOR] researched widgets from a model’s answer', () => {
  it('reads the widgets list (or a bare array) and accepts near names', () => {
    expect(
      widgetsOf(
        '```json\n{"widgets": [{"widgetId": "inputNode", "widgetDescription": "Ask", "draftContents": "Why?"}]}\n```',
        '',
      ),
    ).toEqual([{ widgetId: 'inputNode', widgetDescription: 'Ask', draftContents: 'Why?' }]);
    expect(
      widgetsOf('[{"type": "quizJsonNode", "description": "Quiz", "content": {"questions": []}}]', ''),
    ).toEqual([{ widgetId: 'quizJsonNode', widgetDescription: 'Quiz', draftContents: '{"questions":[]}' }]);
  });

  it('falls back to the catalogue blocks the alignment stage named when the answer is unusable', () => {
    expect(widgetsOf('not json', 'Intro → displayNode\nCheck → quizJsonNode, madeUpNode')).toEqual([
      { widgetId: 'displayNode', widgetDescription: 'Display Text', draftContents: '' },
      { widgetId: 'quizJsonNode', widgetDescription: 'Quiz', draftContents: '' },
    ]);
  });
});
