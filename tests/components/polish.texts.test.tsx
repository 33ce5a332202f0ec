import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToolCard } from '../../src/features/tools/components/ToolCard';
import type { TTag, TToolSearchItem } from '../../src/shared/contract/tools';

const navbar = (lng: string) =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'public', 'locales', lng, 'navbar.json'), 'utf8'));

const tag = (id: string, name: string, isDefault: boolean): TTag => ({
  id,
  _id: id,
  name,
  description: '',
  isDefault,
});
const tool = (tagIds: string[]) =>
  ({
    id: 't1',
    _id: 't1',
    name: 'Water cycle quiz',
    description: 'Checks the water cycle',
    code: 'abc',
    status: 'active',
    iconUrl: null,
    type: 'tool',
    flowIds: [],
    organizationId: null,
    tagIds,
    flowsCount: 1,
    flows: [],
  }) as unknown as TToolSearchItem;

beforeAll(() => {
  i18n.addResourceBundle('th-TH', 'navbar', navbar('th-TH'));
});
afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en-GB');
  });
});

describe('[TOOLS] tag names in the app language', () => {
  it('translates the seeded tags and leaves a tag a user typed as it is', async () => {
    await act(async () => {
      await i18n.changeLanguage('th-TH');
    });
    const tags = [tag('g1', 'Science', true), tag('u1', 'Science club', false), tag('g2', 'Reading', true)];
    render(<ToolCard tool={tool(['g1', 'u1', 'g2'])} tags={tags} onOpen={() => {}} />);
    const shown = [...document.querySelectorAll('.tag')].map((e) => e.textContent);
    expect(shown).toEqual(['วิทยาศาสตร์', 'Science club', 'การอ่าน']);
  });

  it('shows the English names in English', () => {
    render(<ToolCard tool={tool(['g1'])} tags={[tag('g1', 'Science', true)]} onOpen={() => {}} />);
    expect(screen.getByText('Science')).toBeTruthy();
  });
});
