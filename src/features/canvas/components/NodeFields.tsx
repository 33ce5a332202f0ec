import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasModels } from '../../../shared/domain/models';
import type { TNodeSpec } from '../../../shared/domain/node-catalogue';
import { TEMPLATE_NODE_TYPES } from '../../../shared/domain/runtime/prompt-template-data';
import type { TNodeData } from '../canvas.types';
import { finishEditing, updateNodeData } from '../store/edit.actions';
import { BandFields } from './BandFields';
import { BANK_NODE_TYPES, BankField } from './BankField';
import { ColourField } from './ColourField';
import { FormsField } from './FormsField';
import { LocalModelFields } from './LocalModelFields';
import { ModelField } from './ModelField';
import { NODE_DEFAULTS } from './node-look';
import { PackageField } from './PackageField';
import { PromptTemplateField } from './PromptTemplateField';
import { SettingFields } from './SettingFields';
import { useNodeTexts } from './useNodeTexts';
import { VOICE_NODE_TYPES, VoiceField } from './VoiceField';

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="panel-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** The selected block's data (spec 01 §3), edited in place; each field's edit is one undo step. */
export function NodeFields({ id, data, spec }: { id: string; data: TNodeData; spec: TNodeSpec }) {
  const { t } = useTranslation();
  const texts = useNodeTexts();
  const labelId = useId();
  const imageId = useId();
  // A block that was never renamed carries its English name as label (see FlowNode): the field shows
  // it as the hint, in the current language, until the author types (then as typed, whatever it is).
  const [unnamed, setUnnamed] = useState(data.label === spec.name);
  const change = (patch: Partial<TNodeData>) => updateNodeData(id, patch);
  const toggle = (patch: Partial<TNodeData>) => updateNodeData(id, patch, true);
  return (
    <div className="panel-fields">
      <p className="panel-fields__type">
        <strong>{texts.name(spec)}</strong> — {texts.description(spec)}
      </p>
      <div className="panel-field">
        <label htmlFor={labelId}>{t('canvas.panel.label')}</label>
        <input
          id={labelId}
          className="input"
          value={unnamed && data.label === spec.name ? '' : (data.label ?? '')}
          placeholder={texts.name(spec)}
          onChange={(e) => {
            setUnnamed(false);
            change({ label: e.target.value });
          }}
          onBlur={finishEditing}
        />
      </div>
      <SettingFields type={spec.type} data={data} onChange={change} onDone={finishEditing} />
      {hasModels(spec.type) && (
        <ModelField
          nodeType={spec.type}
          value={typeof data.model === 'string' ? data.model : undefined}
          onChange={(model) => updateNodeData(id, { model }, true)}
        />
      )}
      {TEMPLATE_NODE_TYPES.has(spec.type) && (
        <PromptTemplateField data={data} onChange={(patch) => updateNodeData(id, patch, true)} />
      )}
      {spec.type === 'localLLMConnectorNode' && <LocalModelFields data={data} onChange={change} />}
      {VOICE_NODE_TYPES.has(spec.type) && (
        <VoiceField
          value={typeof data.voice === 'string' ? data.voice : undefined}
          onChange={(voice) => updateNodeData(id, { voice }, true)}
        />
      )}
      {BANK_NODE_TYPES.has(spec.type) && (
        <BankField
          value={typeof data.bankId === 'string' ? data.bankId : undefined}
          onChange={(bankId) => updateNodeData(id, { bankId }, true)}
        />
      )}
      <ColourField
        label={t('canvas.panel.textColour')}
        colour={data.textColor || NODE_DEFAULTS.textColor}
        onColour={(v) => change({ textColor: v })}
        opacity={data.textOpacity}
        opacityLabel={t('canvas.panel.textOpacity')}
        onOpacity={(v) => change({ textOpacity: v })}
        onDone={finishEditing}
      />
      <ColourField
        label={t('canvas.panel.background')}
        colour={data.backgroundColor || NODE_DEFAULTS.backgroundColor}
        onColour={(v) => change({ backgroundColor: v })}
        onDone={finishEditing}
      />
      <div className="panel-field">
        <label htmlFor={imageId}>{t('canvas.panel.image')}</label>
        <input
          id={imageId}
          className="input"
          type="url"
          inputMode="url"
          placeholder="https://…"
          value={data.backgroundImage ?? ''}
          onChange={(e) => change({ backgroundImage: e.target.value })}
          onBlur={finishEditing}
        />
      </div>
      <Check label={t('canvas.panel.tile')} checked={!!data.tileOn} onChange={(v) => toggle({ tileOn: v })} />
      <Check
        label={t('canvas.panel.shadow')}
        checked={!!data.dropShadow}
        onChange={(v) => toggle({ dropShadow: v })}
      />
      <Check
        label={t('canvas.panel.autoNext')}
        checked={!!data.autoExecuteNextNode}
        onChange={(v) => toggle({ autoExecuteNextNode: v })}
      />
      {spec.switches.map((sw) => (
        <Check
          key={sw.key}
          label={texts.switchLabel(sw)}
          checked={data[sw.key] === true}
          onChange={(v) => toggle({ [sw.key]: v })}
        />
      ))}
      {(spec.type === 'h5pNode' || spec.type === 'xAPINode') && (
        <PackageField kind={spec.type === 'h5pNode' ? 'h5p' : 'xapi'} data={data} onChange={toggle} />
      )}
      <BandFields data={data} onChange={change} onDone={finishEditing} />
      <FormsField
        forms={data.forms ?? []}
        onChange={(forms, now) => updateNodeData(id, { forms }, now)}
        onDone={finishEditing}
      />
    </div>
  );
}
