import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TVoicesResponse } from '../../../shared/contract/player-media';
import { canvasApi } from '../canvas.api';

/** Node types that speak, and so offer a voice. */
export const VOICE_NODE_TYPES: ReadonlySet<string> = new Set([
  'textToSpeechNode',
  'textToSpeechStreamingNode',
]);

// The provider's voices change only with the server's configuration: asked once per editor visit.
let cached: TVoicesResponse | null = null;

/**
 * A speaking block's voice (data.voice), from GET /api/voices. With no speech model the list is
 * empty and the field says the learner's device reads aloud with its own voice; a failed request
 * (spec 03 §8) leaves the provider's default.
 */
export function VoiceField(props: { value: string | undefined; onChange: (voice: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [voices, setVoices] = useState<TVoicesResponse | null>(cached);
  useEffect(() => {
    let live = true;
    canvasApi
      .voices()
      .then((res) => {
        cached = res;
        if (live) setVoices(res);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (voices?.device) return <p className="panel-field field__hint">{t('canvas.panel.voiceDevice')}</p>;
  const list = voices?.data ?? [];
  const value = props.value ?? '';
  return (
    <div className="panel-field">
      <label htmlFor={id}>{t('canvas.panel.voice')}</label>
      <select id={id} className="input" value={value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{t('canvas.panel.voiceDefault')}</option>
        {value && !list.some((v) => v.id === value) && <option value={value}>{value}</option>}
        {list.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
          </option>
        ))}
      </select>
    </div>
  );
}
