import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen } from '@testing-library/react';
import { type NodeProps, ReactFlowProvider } from '@xyflow/react';
import i18n from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCanvasNode, TNodeData } from '../../src/features/canvas/canvas.types';
import { FlowNode } from '../../src/features/canvas/components/FlowNode';
import { PaletteEntry } from '../../src/features/canvas/components/PaletteEntry';
import { nodeSpec } from '../../src/shared/domain/node-catalogue';

const nodesOf = (lng: string) =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'public', 'locales', lng, 'nodes.json'), 'utf8'));

function block(type: string, data: TNodeData) {
  const props = { id: `n-${type}`, type, data, selected: false } as unknown as NodeProps<TCanvasNode>;
  return (
    <ReactFlowProvider>
      <FlowNode {...props} />
    </ReactFlowProvider>
  );
}
const noop = () => {};

beforeAll(() => {
  i18n.addResourceBundle('en-GB', 'nodes', nodesOf('en-GB'));
  i18n.addResourceBundle('zh-CN', 'nodes', nodesOf('zh-CN'));
  i18n.addResourceBundle('th-TH', 'nodes', nodesOf('th-TH'));
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('en-GB'));
});

describe('[CANVAS] catalogue texts in the current language', () => {
  it('draws a block with its name, group and handle labels, and follows a language change', async () => {
    render(block('waitNode', { label: 'Wait' }));
    expect(screen.getByText('Wait')).toBeTruthy();
    expect(screen.getByText('Display')).toBeTruthy();
    expect(screen.getByText('In')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
    // The English default label is "not renamed": it shows in Chinese too.
    expect(screen.getByText('等待')).toBeTruthy();
    expect(screen.getByText('显示')).toBeTruthy();
    expect(screen.getByText('输入')).toBeTruthy();
    expect(screen.getByText('输出')).toBeTruthy();
    expect(screen.getByTestId('flow-node').getAttribute('title')).toBe(
      '等待\n让流程暂停一段设定的时间，然后再继续。',
    );
  });

  it('keeps a label the author chose and names the block type under it', async () => {
    await act(() => i18n.changeLanguage('th-TH'));
    render(block('quizJsonNode', { label: 'Week 3 quiz' }));
    expect(screen.getByText('Week 3 quiz')).toBeTruthy();
    expect(screen.getByText('แบบทดสอบ')).toBeTruthy();
    expect(screen.getByText('คะแนนเต็ม')).toBeTruthy();
  });

  it('shows a palette entry, and why it cannot be placed, in the current language', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const spec = nodeSpec('apiFetchNode')!;
    render(
      <PaletteEntry
        entry={{ spec, placeable: false, reason: 'disabled' }}
        onMove={noop}
        onDrop={noop}
        onTap={noop}
      />,
    );
    expect(screen.getByText('API 获取')).toBeTruthy();
    expect(screen.getByText('暂不可用。')).toBeTruthy();
  });
});
