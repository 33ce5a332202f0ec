import { useTranslation } from 'react-i18next';

/**
 * A verb as the reader's language says it. Statements carry their verb's display in the language
 * the recording tool chose (ours and most tools: en-US), so a Thai or Chinese teacher would read
 * English verbs; the common xAPI verbs are translated for display only. Colours, filters and
 * exports keep the statement's own name.
 */
export function useVerbLabel(): (name: string) => string {
  const { t } = useTranslation('reports');
  return (name) => {
    const key = name.trim().toLowerCase();
    return /^[a-z]+$/.test(key) ? t(`verbs.${key}`, { defaultValue: name }) : name;
  };
}
