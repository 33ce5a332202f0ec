import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  storedTemplateOf,
  type TStoredPromptTemplate,
} from '../../../shared/domain/runtime/prompt-template-data';
import { Button } from '../../../ui/Button';
import {
  TemplatePickerDialog,
  type TPickedTemplate,
} from '../../../ui/prompt-templates/TemplatePickerDialog';
import type { TNodeData } from '../canvas.types';

/** What the block keeps: a copy of the template and the values (see runtime/prompt-template-data.ts). */
export function storedFrom(picked: TPickedTemplate): TStoredPromptTemplate {
  const { template, values } = picked;
  return {
    templateId: template._id,
    name: template.name,
    systemPrompt: template.systemPrompt,
    userPrompt: template.userPrompt,
    sections: template.sections.map((s) => ({ name: s.name, fields: s.fields })),
    values,
  };
}

/**
 * A prompt block's template: choose one of the space's templates, fill its fields, see the prompt,
 * and keep it in the block (one undo step). With "the template's selected model", the block's model
 * becomes that model.
 */
export function PromptTemplateField(props: {
  data: TNodeData;
  onChange: (patch: Partial<TNodeData>) => void;
}) {
  const { t } = useTranslation('templates');
  const [open, setOpen] = useState(false);
  const stored = storedTemplateOf(props.data.promptTemplate);
  return (
    <fieldset className="panel-group">
      <legend>{t('block.label')}</legend>
      <p className="muted" data-testid="block-template">
        {stored ? t('block.uses', { name: stored.name }) : t('block.none')}
      </p>
      <div className="panel-field__row panel-field__row--wrap">
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          {stored ? t('block.refill') : t('block.choose')}
        </Button>
        {stored && (
          <Button size="sm" variant="secondary" onClick={() => props.onChange({ promptTemplate: undefined })}>
            {t('block.remove')}
          </Button>
        )}
      </div>
      {open && (
        <TemplatePickerDialog
          confirmLabel={t('pick.useInBlock')}
          preset={stored ? { templateId: stored.templateId, values: stored.values } : undefined}
          onClose={() => setOpen(false)}
          onConfirm={(picked) => {
            const model =
              picked.template.generateTextUsing === 'selectedModel' && picked.template.selectedModel
                ? { model: picked.template.selectedModel }
                : {};
            props.onChange({ promptTemplate: storedFrom(picked), ...model });
            setOpen(false);
          }}
        />
      )}
    </fieldset>
  );
}
