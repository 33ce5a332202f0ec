import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FlowCheckList } from '../../src/ui/FlowCheckList';

const flow = (id: string, name: string, projectName?: string | null) => ({
  _id: id,
  name,
  description: '',
  updatedAt: '2026-03-05T10:00:00.000Z',
  projectName,
});

describe('[TOOLS] flow pickers tell copies apart', () => {
  it('names the collection of each flow, and says when a flow is in none', () => {
    render(
      <FlowCheckList
        flows={[
          flow('a', 'Quiz', 'Year 7 Science'),
          flow('b', 'Quiz', 'Year 8 Maths'),
          flow('c', 'Quiz', null),
        ]}
        selected={[]}
        onToggle={() => {}}
        noDescription="No description"
        noCollection="No collection"
      />,
    );
    const metas = [...document.querySelectorAll('.flow-picker__meta')].map((e) => e.textContent);
    expect(metas).toEqual([
      'Year 7 Science · No description · 05 Mar 2026',
      'Year 8 Maths · No description · 05 Mar 2026',
      'No collection · No description · 05 Mar 2026',
    ]);
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
  });

  it('says nothing about collections when the list does not know them', () => {
    render(
      <FlowCheckList
        flows={[flow('a', 'Quiz')]}
        selected={[]}
        onToggle={() => {}}
        noDescription="No description"
        noCollection="No collection"
      />,
    );
    expect(document.querySelector('.flow-picker__collection')).toBeNull();
  });
});
