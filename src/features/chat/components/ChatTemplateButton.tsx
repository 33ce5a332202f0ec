import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../../ui/icons';
import {
  TemplatePickerDialog,
  type TPickedTemplate,
} from '../../../ui/prompt-templates/TemplatePickerDialog';

/**
 * Chat's way into prompt templates (spec 03 §3): pick one, fill its fields, see the prompt, and put
 * it in the message box, where the user reads it once more and sends it. Chat has no system message
 * of its own, so a template's system prompt leads the message as its first paragraph.
 */
export function messageFromTemplate(picked: Pick<TPickedTemplate, 'filled'>): string {
  const { system, user } = picked.filled;
  return [system.trim(), user.trim()].filter(Boolean).join('\n\n');
}

export function ChatTemplateButton(props: { disabled: boolean; onUse: (text: string) => void }) {
  const { t } = useTranslation('templates');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost chat-attach"
        disabled={props.disabled}
        title={t('pick.title')}
        onClick={() => setOpen(true)}
      >
        {/* An icon like the attach button beside it: on a phone the message box keeps its width. */}
        <LineIcon>
          <path d="M6 3h9l4 4v14H6z M9 10h7 M9 14h7 M9 18h4" />
        </LineIcon>
        <span className="visually-hidden">{t('pick.open')}</span>
      </button>
      {open && (
        <TemplatePickerDialog
          confirmLabel={t('pick.useInChat')}
          onClose={() => setOpen(false)}
          onConfirm={(picked) => {
            props.onUse(messageFromTemplate(picked));
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
