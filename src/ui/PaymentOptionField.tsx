import { useTranslation } from 'react-i18next';
import type { TPaymentOption } from '../shared/contract/tools';
import { isPersonal } from './space';

/**
 * Who pays for the AI used by a tool, assignment or task (spec 02 §5, spec 03 §5): an organisation
 * forces PAY_BY_ORG; in the personal space the organisation wallet is disabled and the personal one is the default.
 */
export function defaultPaymentOption(orgId: string): TPaymentOption {
  return isPersonal(orgId) ? 'PAY_BY_ME' : 'PAY_BY_ORG';
}

export function PaymentOptionField(props: {
  orgId: string;
  value: TPaymentOption | '';
  onChange: (v: TPaymentOption) => void;
}) {
  const { t } = useTranslation('common');
  const personal = isPersonal(props.orgId);
  const options: Array<{ value: TPaymentOption; disabled: boolean }> = [
    { value: 'PAY_BY_ME', disabled: !personal },
    { value: 'PAY_BY_ORG', disabled: personal },
  ];
  return (
    <fieldset className="field payment-field">
      <legend>{t('payment.label')}</legend>
      {options.map((o) => (
        <label key={o.value} className={`radio-card${o.disabled ? ' is-disabled' : ''}`}>
          <input
            type="radio"
            name="payment-option"
            value={o.value}
            checked={props.value === o.value}
            disabled={o.disabled}
            onChange={() => props.onChange(o.value)}
          />
          <span>
            <strong>{t(`payment.${o.value}`)}</strong>
            <span className="radio-card__hint">{t(`payment.${o.value}_hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
