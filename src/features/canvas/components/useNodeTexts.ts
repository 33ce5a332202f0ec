import type { i18n as TI18n } from 'i18next';
import { useSyncExternalStore } from 'react';
import { getI18n } from 'react-i18next';
import {
  HANDLE_TYPE_NAMES,
  handleLabel,
  NODE_GROUPS,
  NODE_TEXT_KEY,
  NODE_TEXT_NS,
  PALETTE_REASON_TEXT,
  type THandleSpec,
  type THandleType,
  type TNodeGroupId,
  type TNodeSpec,
  type TNodeSwitch,
  type TPaletteReason,
} from '../../../shared/domain/node-catalogue';

/** The catalogue's texts in the current language; every lookup falls back to the catalogue's English. */
export type TNodeTexts = {
  name(spec: TNodeSpec): string;
  description(spec: TNodeSpec): string;
  group(id: TNodeGroupId): string;
  handle(handle: THandleSpec): string;
  dataType(type: THandleType): string;
  reason(reason: TPaletteReason): string;
  /** The label of a block's yes/no setting (its panel check box). */
  switchLabel(sw: TNodeSwitch): string;
  /** Name and description together, for the palette search. */
  searchText(spec: TNodeSpec): string;
};

const GROUP_NAME = new Map(NODE_GROUPS.map((g) => [g.id, g.name]));

function build(i18n: TI18n | undefined): TNodeTexts {
  const t = i18n?.isInitialized ? i18n.getFixedT(i18n.language, NODE_TEXT_NS) : null;
  // Each text is resolved once per language, however many blocks show it.
  const cache = new Map<string, string>();
  const text = (key: string, english: string): string => {
    let value = cache.get(key);
    if (value === undefined) {
      value = t ? t(key, { defaultValue: english }) : english;
      cache.set(key, value);
    }
    return value;
  };
  const texts: TNodeTexts = {
    name: (s) => text(NODE_TEXT_KEY.name(s.type), s.name),
    description: (s) => text(NODE_TEXT_KEY.description(s.type), s.description),
    group: (id) => text(NODE_TEXT_KEY.group(id), GROUP_NAME.get(id) ?? id),
    handle: (h) => text(NODE_TEXT_KEY.handle(h), handleLabel(h)),
    dataType: (type) => text(NODE_TEXT_KEY.dataType(type), HANDLE_TYPE_NAMES[type]),
    reason: (r) => text(NODE_TEXT_KEY.reason(r), PALETTE_REASON_TEXT[r]),
    switchLabel: (sw) => text(NODE_TEXT_KEY.switch(sw.key), sw.label),
    searchText: (s) => `${texts.name(s)}\n${texts.description(s)}`,
  };
  return texts;
}

/*
 * One small store instead of useTranslation in every block: a canvas may hold 5,000 blocks, and this
 * way they share one table and one set of i18next listeners. The table is replaced only when the
 * language changes or the `nodes` texts arrive, so nothing here re-renders a block during a drag.
 * The namespace is fetched on first use, i.e. by the editor chunk: the shell never loads it, and the
 * service worker precaches it with the other locale files for offline use.
 */
let current: TNodeTexts | null = null;
const listeners = new Set<() => void>();
let bound: TI18n | null = null;

function refresh(): void {
  current = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const i18n = getI18n();
  if (i18n && bound !== i18n) {
    bound?.off('languageChanged', refresh);
    bound = i18n;
    // A language change loads every namespace already in use, `nodes` included, before it is announced.
    i18n.on('languageChanged', refresh);
    if (!i18n.hasLoadedNamespace(NODE_TEXT_NS)) void i18n.loadNamespaces(NODE_TEXT_NS).then(refresh);
  }
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = (): TNodeTexts => {
  current ??= build(getI18n());
  return current;
};

export function useNodeTexts(): TNodeTexts {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
