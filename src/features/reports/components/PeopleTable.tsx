import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Initials } from './common';

/** Who a report row is about. */
export interface Person {
  name: string;
  email: string;
  profileImg: string | null;
}

/** A person is the same across a report's columns by e-mail, by name when there is none. */
export const personKey = (u: { email: string; name: string }) => u.email || u.name;

/** The people of a report's columns, once each, in the order they first appear. */
export function peopleOf<P extends Person>(columns: Iterable<P[]>): Map<string, P> {
  const people = new Map<string, P>();
  for (const users of columns)
    for (const u of users) if (!people.has(personKey(u))) people.set(personKey(u), u);
  return people;
}

/**
 * A report table with one row per person (badge and name as the row header) and the columns the
 * report gives: `head` after the Participants header cell, `subHead` as a second header row (the
 * Participants cell then spans both), `cells` the row's cells. `children` (a dialog) follows the table.
 */
export function PeopleTable<P extends Person>({
  testId,
  people,
  head,
  subHead,
  cells,
  children,
}: {
  testId: string;
  people: Map<string, P>;
  head: ReactNode;
  subHead?: ReactNode;
  cells: (key: string) => ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('reports');
  return (
    // A labelled region that scrolls sideways: focusable, so that a keyboard can scroll it too
    // (axe scrollable-region-focusable; WAI's pattern for scrollable regions).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard
    <section className="report-scroll" tabIndex={0} aria-label={t('participants')}>
      <table className="report-table" data-testid={testId}>
        <thead>
          <tr>
            <th rowSpan={subHead ? 2 : undefined} className="report-person-head">
              {t('participants')}
            </th>
            {head}
          </tr>
          {subHead && <tr>{subHead}</tr>}
        </thead>
        <tbody>
          {[...people.entries()].map(([key, p]) => (
            <tr key={key}>
              <th scope="row" className="report-person">
                <Initials name={p.name || p.email} src={p.profileImg} /> {p.name || p.email}
              </th>
              {cells(key)}
            </tr>
          ))}
        </tbody>
      </table>
      {children}
    </section>
  );
}
