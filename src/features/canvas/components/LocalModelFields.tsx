import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TNodeData } from '../canvas.types';
import { finishEditing } from '../store/edit.actions';

/**
 * A Local AI Model block's server (data.baseUrl: an Ollama, llama.cpp or LM Studio address such as
 * http://localhost:11434/v1) and model name (data.model, e.g. llama3.2). The server uses only the
 * hosts its administrator allows (LOCAL_AI_HOSTS).
 */
export function LocalModelFields({
  data,
  onChange,
}: {
  data: TNodeData;
  onChange: (patch: Partial<TNodeData>) => void;
}) {
  const { t } = useTranslation();
  const urlId = useId();
  const modelId = useId();
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return (
    <>
      <div className="panel-field">
        <label htmlFor={urlId}>{t('canvas.panel.localServer')}</label>
        <input
          id={urlId}
          className="input"
          type="url"
          inputMode="url"
          placeholder="http://localhost:11434/v1"
          value={text(data.baseUrl)}
          onChange={(e) => onChange({ baseUrl: e.target.value })}
          onBlur={finishEditing}
        />
      </div>
      <div className="panel-field">
        <label htmlFor={modelId}>{t('canvas.panel.localModel')}</label>
        <input
          id={modelId}
          className="input"
          placeholder="llama3.2"
          value={text(data.model)}
          onChange={(e) => onChange({ model: e.target.value })}
          onBlur={finishEditing}
        />
      </div>
    </>
  );
}
