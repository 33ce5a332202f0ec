import type { TShowItem } from '../../shared/domain/runtime';
import { useTranslation } from '../i18n';

type TTableItem = Extract<TShowItem, { kind: 'table' }>;

/**
 * xAPI Report and Widget: a small table, cells as text (React escapes them; nothing is HTML). The
 * column keys the runtime names (when, verb, activity, result…) are translated; a widget's own keys
 * are the author's words and shown as they are. It scrolls sideways inside itself on a 390 px phone.
 */
export function TableItem({ item }: { item: TTableItem }) {
  const { t } = useTranslation('player');
  const heading = (c: string) => t(`run.table.${c}`, { defaultValue: c });
  return (
    <figure className="pl-table">
      {item.title && <figcaption>{item.title}</figcaption>}
      {item.rows.length === 0 ? (
        <p className="pl-muted">{t('run.tableEmpty')}</p>
      ) : (
        <div className="pl-table__scroll">
          <table>
            <thead>
              <tr>
                {item.columns.map((c) => (
                  <th key={c} scope="col">
                    {heading(c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {item.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their order is fixed
                <tr key={i}>
                  {row.map((cell, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a cell's column is its identity
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  );
}
