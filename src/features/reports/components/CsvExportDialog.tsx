import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CSV_MIME } from '../../../shared/domain/csv';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { saveBlob } from '../../../ui/download';
import type { StatementRow } from '../dashboard-rows';
import {
  CSV_FILES,
  DEFAULT_STATEMENT_COLUMNS,
  STATEMENT_COLUMNS,
  type StatementColumn,
  statementsCsv,
} from '../report-csv';

/** The column picker of the statements export (spec 02 §2): all but Email by default. */
export function CsvColumnPicker({
  chosen,
  onChange,
}: {
  chosen: StatementColumn[];
  onChange: (next: StatementColumn[]) => void;
}) {
  const { t } = useTranslation('reports');
  return (
    <fieldset className="csv-picker">
      <legend>{t('dashboard.chooseColumns')}</legend>
      <div className="csv-picker__bulk">
        <Button size="sm" variant="ghost" onClick={() => onChange([...STATEMENT_COLUMNS])}>
          {t('dashboard.selectAll')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onChange([])}>
          {t('dashboard.deselectAll')}
        </Button>
      </div>
      {STATEMENT_COLUMNS.map((c) => (
        <label key={c} className="csv-picker__option">
          <input
            type="checkbox"
            checked={chosen.includes(c)}
            onChange={(e) =>
              onChange(
                e.target.checked
                  ? STATEMENT_COLUMNS.filter((x) => x === c || chosen.includes(x))
                  : chosen.filter((x) => x !== c),
              )
            }
          />{' '}
          {t(`dashboard.columns.${c}`)}
        </label>
      ))}
    </fieldset>
  );
}

export function CsvExportDialog({ rows, onClose }: { rows: StatementRow[]; onClose: () => void }) {
  const { t, i18n } = useTranslation('reports');
  const [chosen, setChosen] = useState<StatementColumn[]>(DEFAULT_STATEMENT_COLUMNS);
  const labels = Object.fromEntries(STATEMENT_COLUMNS.map((c) => [c, t(`dashboard.columns.${c}`)])) as Record<
    StatementColumn,
    string
  >;
  return (
    <Dialog
      title={t('dashboard.exportTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('close')}
          </Button>
          <Button
            disabled={chosen.length === 0}
            onClick={() => {
              const csv = statementsCsv(rows, chosen, labels, i18n.language);
              saveBlob(new Blob([csv], { type: CSV_MIME }), CSV_FILES.statements);
              onClose();
            }}
          >
            {t('dashboard.download')}
          </Button>
        </>
      }
    >
      <CsvColumnPicker chosen={chosen} onChange={setChosen} />
    </Dialog>
  );
}
