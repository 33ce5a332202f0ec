import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TModelListResponse } from '../../../shared/contract/models';
import { defaultModelFor, modelOptions } from '../../../shared/domain/models';
import { priceText } from '../../../shared/domain/models/price-text';
import { useSpace } from '../../../ui/space';
import { canvasApi } from '../canvas.api';

type TList = Pick<TModelListResponse, 'defaultModel'> & {
  data: Array<{ code: string; name: string; disabled: boolean; price: number | string; unit: string }>;
};

// Per space and block type: the list changes only when an organisation admin edits it.
const cache = new Map<string, TList>();

/** The catalogue's own list (no organisation settings): what the field shows before or without a network. */
function offlineList(nodeType: string): TList {
  const options = modelOptions(nodeType);
  return { data: options, defaultModel: defaultModelFor(nodeType, options) };
}

/** A block's AI model (data.model), from GET /api/models?nodeType= for the current space. */
export function ModelField(props: {
  nodeType: string;
  value: string | undefined;
  onChange: (code: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { orgId } = useSpace();
  const key = `${orgId}:${props.nodeType}`;
  const [list, setList] = useState<TList>(() => cache.get(key) ?? offlineList(props.nodeType));

  useEffect(() => {
    let live = true;
    canvasApi
      .models(props.nodeType)
      .then((res) => {
        cache.set(key, res);
        if (live) setList(res);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key, props.nodeType]);

  const value = props.value || list.defaultModel || '';
  const chosen = list.data.find((m) => m.code === value);
  return (
    <div className="panel-field">
      <label htmlFor={id}>{t('canvas.panel.model')}</label>
      <select id={id} className="input" value={value} onChange={(e) => props.onChange(e.target.value)}>
        {!chosen && value && <option value={value}>{value}</option>}
        {list.data.map((m) => (
          <option
            key={m.code}
            value={m.code}
            disabled={m.disabled && m.code !== value}
            title={t(`canvas.panel.modelPrice.${m.unit}`, { price: priceText(m.price, i18n.language).exact })}
          >
            {`${m.name} · ${t(`canvas.panel.modelPrice.${m.unit}`, { price: priceText(m.price, i18n.language).text })}`}
          </option>
        ))}
      </select>
      {chosen?.disabled && <span className="field__error">{t('canvas.panel.modelOff')}</span>}
    </div>
  );
}
