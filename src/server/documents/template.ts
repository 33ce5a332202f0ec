import type { TJson } from '../../shared/domain/runtime/values';

/**
 * `{{field}}` and `{{a.b}}` in an author's document template, filled from the linked JSON (a
 * certificate's `{{name}}`, `{{score}}`). A field the data lacks becomes '' and is listed, so the
 * block can say which fields were missing instead of printing the braces.
 */
export function fillTemplate(template: string, data: TJson | undefined): { text: string; missing: string[] } {
  const missing: string[] = [];
  const text = template.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, path: string) => {
    let at: TJson | undefined = data;
    for (const part of path.split('.')) {
      at = at !== null && typeof at === 'object' && !Array.isArray(at) ? at[part] : undefined;
    }
    if (at === undefined || at === null) {
      missing.push(path);
      return '';
    }
    return typeof at === 'object' ? JSON.stringify(at) : String(at);
  });
  return { text, missing };
}
