import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ASSIGNMENT_DESCRIPTION_MAX,
  ASSIGNMENT_NAME_MAX,
  ZAssignmentType,
} from '../../../../shared/contract/assignments';
import { Button } from '../../../../ui/Button';
import { PaymentOptionField } from '../../../../ui/PaymentOptionField';
import { assignmentsApi } from '../../assignments.api';
import type { WizardProblem, WizardState } from '../../wizard-rules';

/** Step 1: name and description (or Generate), type, payment option, optional end date and time. */
export function DetailsStep(props: {
  value: WizardState;
  onChange: (patch: Partial<WizardState>) => void;
  orgId: string;
  problems: WizardProblem[];
}) {
  const { t } = useTranslation('assignment');
  const [generating, setGenerating] = useState(false);
  const [offline, setOffline] = useState(false);
  // A name is asked for only once the field was left or typed in: an empty form is not a mistake yet.
  const [nameTouched, setNameTouched] = useState(false);
  const { value, onChange } = props;
  // Spec 02 §5: submitting waits for these; each says what is missing where it is missing.
  const problem = (p: WizardProblem) =>
    props.problems.includes(p) && (p !== 'noName' || nameTouched) ? (
      <span className="field__error" data-testid={`problem-${p}`}>
        {t(`wizard.problems.${p}`)}
      </span>
    ) : null;

  const generate = async () => {
    setGenerating(true);
    try {
      const res = await assignmentsApi.generate(value.flowIds);
      onChange({ name: res.name, description: res.description });
      setOffline(res.provider === 'offline');
    } catch {
      // The api-client already said why.
    } finally {
      setGenerating(false);
    }
  };

  return (
    <>
      <div className="generate-row">
        <Button variant="secondary" busy={generating} onClick={() => void generate()}>
          {t('wizard.generate')}
        </Button>
        {offline && <span className="badge badge--muted">{t('common:ai.offlineLabel')}</span>}
      </div>
      <div className="field">
        <label htmlFor="assignment-name">{t('wizard.name')}</label>
        <input
          id="assignment-name"
          className="input"
          maxLength={ASSIGNMENT_NAME_MAX}
          value={value.name}
          onChange={(e) => {
            setNameTouched(true);
            onChange({ name: e.target.value });
          }}
          onBlur={() => setNameTouched(true)}
        />
        {problem('noName')}
      </div>
      <div className="field">
        <label htmlFor="assignment-description">{t('wizard.description')}</label>
        <textarea
          id="assignment-description"
          className="input"
          rows={4}
          maxLength={ASSIGNMENT_DESCRIPTION_MAX}
          value={value.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="assignment-type">{t('wizard.type')}</label>
        <select
          id="assignment-type"
          className="input"
          value={value.type}
          onChange={(e) => onChange({ type: ZAssignmentType.parse(e.target.value) })}
        >
          {ZAssignmentType.options.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <PaymentOptionField
        orgId={props.orgId}
        value={value.payment}
        onChange={(payment) => onChange({ payment })}
      />
      {problem('noPayment')}
      <fieldset className="field end-date">
        <legend>{t('wizard.endDate')}</legend>
        <div className="end-date__row">
          <label>
            <span className="visually-hidden">{t('wizard.endDay')}</span>
            <input
              id="assignment-end-date"
              className="input"
              type="date"
              value={value.endDate}
              onChange={(e) => onChange({ endDate: e.target.value })}
            />
          </label>
          <label>
            <span className="visually-hidden">{t('wizard.endTime')}</span>
            <input
              id="assignment-end-time"
              className="input"
              type="time"
              value={value.endTime}
              onChange={(e) => onChange({ endTime: e.target.value })}
            />
          </label>
          {value.endDate && (
            <Button variant="ghost" size="sm" onClick={() => onChange({ endDate: '' })}>
              {t('wizard.noEnd')}
            </Button>
          )}
        </div>
        <span className="field__hint">{value.endDate ? t('wizard.endHint') : t('wizard.noEndHint')}</span>
        {problem('noTime')}
        {problem('endInPast')}
      </fieldset>
    </>
  );
}
