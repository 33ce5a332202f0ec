import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTag } from '../../../shared/contract/tools';
import { Button } from '../../../ui/Button';
import { tagText } from '../tag-text';
import { toolsApi } from '../tools.api';

type Details = { name: string; description: string; iconUrl: string; tagIds: string[] };

/** Step 1 fields: name and description (or generate them from the flows), icon and tags. */
export function ToolDetailsFields(props: {
  value: Details;
  onChange: (d: Details) => void;
  tags: TTag[];
  flowIds: string[];
}) {
  const { t } = useTranslation('navbar');
  const [generating, setGenerating] = useState(false);
  const [offline, setOffline] = useState(false);
  const { value, onChange } = props;
  const generate = async () => {
    setGenerating(true);
    try {
      const res = await toolsApi.generateNameDescription(props.flowIds);
      onChange({ ...value, name: res.name, description: res.description });
      setOffline(res.provider === 'offline');
    } catch {
      // The api-client already showed why.
    } finally {
      setGenerating(false);
    }
  };
  const toggleTag = (id: string) =>
    onChange({
      ...value,
      tagIds: value.tagIds.includes(id) ? value.tagIds.filter((x) => x !== id) : [...value.tagIds, id],
    });
  return (
    <>
      <div className="generate-row">
        <Button variant="secondary" className="generate-row__button" busy={generating} onClick={generate}>
          <span aria-hidden="true">✨</span> {t('createTool.generate')}
        </Button>
        {offline && <span className="badge badge--muted">{t('common:ai.offlineLabel')}</span>}
      </div>
      <div className="field">
        <label htmlFor="tool-name">{t('createTool.name')}</label>
        <input
          id="tool-name"
          className="input"
          maxLength={120}
          value={value.name}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="tool-description">{t('createTool.description')}</label>
        <textarea
          id="tool-description"
          className="input"
          rows={4}
          maxLength={2000}
          value={value.description}
          onChange={(e) => onChange({ ...value, description: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="tool-icon">{t('createTool.iconUrl')}</label>
        <input
          id="tool-icon"
          className="input"
          type="url"
          placeholder="https://"
          value={value.iconUrl}
          onChange={(e) => onChange({ ...value, iconUrl: e.target.value })}
        />
      </div>
      <fieldset className="field">
        <legend>{t('createTool.tags')}</legend>
        <div className="chips">
          {props.tags.map((tag) => (
            <button
              key={tag.id}
              type="button"
              className="chip"
              aria-pressed={value.tagIds.includes(tag.id)}
              title={tagText(tag, t).description}
              onClick={() => toggleTag(tag.id)}
            >
              {tagText(tag, t).name}
            </button>
          ))}
        </div>
      </fieldset>
    </>
  );
}
