import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setTexts } from '../../src/player/i18n';
import { PackageUnits } from '../../src/player/run/PackageUnits';

const units = [
  { id: 'https://c/au1', title: 'Unit one' },
  { id: 'https://c/au2', title: 'Unit two' },
];

describe('[PLAYER] a cmi5 course of several units in one block', () => {
  it('says which unit is open and opens the next one; the last unit offers no next', () => {
    setTexts(
      'en-GB',
      JSON.parse(
        readFileSync(join(__dirname, '..', '..', 'public', 'locales', 'en-GB', 'player.json'), 'utf8'),
      ),
    );
    const opened: string[] = [];
    const view = render(
      <PackageUnits units={units} current="https://c/au1" onOpen={(id) => opened.push(id)} />,
    );
    expect(view.getByRole('navigation', { name: 'Units of this course' })).toBeTruthy();
    expect(view.getByText('Unit 1 of 2: Unit one')).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'Next unit' }));
    expect(opened).toEqual(['https://c/au2']);

    view.rerender(<PackageUnits units={units} current="https://c/au2" onOpen={(id) => opened.push(id)} />);
    expect(view.getByText('Unit 2 of 2: Unit two')).toBeTruthy();
    expect(view.queryByRole('button', { name: 'Next unit' })).toBeNull();
  });
});
