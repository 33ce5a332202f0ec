import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCatalogueResponse } from '../../../shared/contract/models';
import { modelByCode, NODE_MODELS } from '../../../shared/domain/models';
import { priceText } from '../../../shared/domain/models/price-text';
import { Button } from '../../../ui/Button';
import { toastSuccess } from '../../../ui/surfaces';
import { creditsApi } from '../credits.api';

type TNodeList = TCatalogueResponse['data'][number];

/**
 * Organisation admins choose which models each node type offers (spec 03 §1, §6): switching off a
 * model adds it to disableModel; switching on one that is off by default adds it to additionalModel.
 */
export function ModelSettings() {
  const { t, i18n } = useTranslation('credits');
  const id = useId();
  const [lists, setLists] = useState<TNodeList[] | null>(null);
  const [nodeType, setNodeType] = useState('chat');
  const [enabled, setEnabled] = useState<Record<string, Set<string>>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    creditsApi
      .catalogue()
      .then((res) => {
        setLists(res.data);
        setEnabled(
          Object.fromEntries(
            res.data.map((l) => [
              l.nodeType,
              new Set(l.models.filter((m) => !m.disabled).map((m) => m.code)),
            ]),
          ),
        );
      })
      .catch(() => setLists([]));
  }, []);

  const list = lists?.find((l) => l.nodeType === nodeType);
  function toggle(code: string, on: boolean) {
    setEnabled((e) => {
      const next = new Set(e[nodeType]);
      if (on) next.add(code);
      else next.delete(code);
      return { ...e, [nodeType]: next };
    });
  }

  async function save() {
    if (!lists) return;
    const disableModel: Record<string, string[]> = {};
    const additionalModel: Record<string, string[]> = {};
    for (const l of lists) {
      const on = enabled[l.nodeType] ?? new Set();
      const off = l.models
        .filter((m) => !on.has(m.code) && !modelByCode(m.code)?.disabledByDefault)
        .map((m) => m.code);
      const added = l.models
        .filter((m) => on.has(m.code) && (m.added || modelByCode(m.code)?.disabledByDefault))
        .map((m) => m.code);
      if (off.length) disableModel[l.nodeType] = off;
      if (added.length) additionalModel[l.nodeType] = added;
    }
    setBusy(true);
    try {
      await creditsApi.saveModels({ disableModel, additionalModel });
      toastSuccess(t('models.saved'));
    } catch {
      // The api-client shows the server's message.
    } finally {
      setBusy(false);
    }
  }

  const lng = i18n.language;
  return (
    <section className="credits-section model-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('models.title')}</h2>
      <p className="credits-section__lead">{t('models.lead')}</p>
      {!lists && <p className="credits-section__lead">{t('common:loading')}</p>}
      {lists && (
        <>
          <div className="field">
            <label htmlFor={`${id}-node`}>{t('models.nodeType')}</label>
            <select
              id={`${id}-node`}
              className="input"
              value={nodeType}
              onChange={(e) => setNodeType(e.target.value)}
            >
              {Object.keys(NODE_MODELS).map((n) => (
                <option key={n} value={n}>
                  {n === 'chat' ? t('models.chat') : t(`nodes:types.${n}.name`, { defaultValue: n })}
                </option>
              ))}
            </select>
          </div>
          <ul className="model-settings__list">
            {list?.models.map((m) => (
              <li key={m.code}>
                <label className="model-settings__item">
                  <input
                    type="checkbox"
                    checked={enabled[nodeType]?.has(m.code) ?? false}
                    onChange={(e) => toggle(m.code, e.target.checked)}
                  />
                  <span className="model-settings__name">{m.name}</span>
                  <span
                    className="model-settings__price"
                    title={t(`models.per.${m.unit}`, { price: priceText(m.price, lng).exact })}
                  >
                    {t(`models.per.${m.unit}`, { price: priceText(m.price, lng).text })}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <Button busy={busy} onClick={() => void save()}>
            {t('models.save')}
          </Button>
        </>
      )}
    </section>
  );
}
