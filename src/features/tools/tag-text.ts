import type { TFunction } from 'i18next';
import type { TTag } from '../../shared/contract/tools';

/**
 * A default tag's name and description in the app language (they are seeded in English); a tag a
 * user made stays as typed.
 */
export function tagText(tag: Pick<TTag, 'name' | 'description' | 'isDefault'>, t: TFunction) {
  if (!tag.isDefault) return { name: tag.name, description: tag.description };
  const key = `navbar:defaultTags.${tag.name}`;
  return {
    name: t(`${key}.name`, { defaultValue: tag.name }),
    description: t(`${key}.description`, { defaultValue: tag.description }),
  };
}
