import { useEffect, useRef, useState } from 'react';
import { PlainButton as Button } from '../../ui/PlainButton';
import { useTranslation } from '../i18n';

/** The browser's speech recogniser (Chrome and Safari name it webkitSpeechRecognition); absent elsewhere. */
type TRecogniser = {
  lang: string;
  interimResults: boolean;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
  start(): void;
  stop(): void;
};
type TRecogniserClass = new () => TRecogniser;

const recogniserClass = (): TRecogniserClass | undefined => {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as {
    SpeechRecognition?: TRecogniserClass;
    webkitSpeechRecognition?: TRecogniserClass;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
};

/**
 * "Speak instead" on a typed answer: the device's own recogniser fills the text in (the fallback of a
 * Transcribe block with no transcription model). Shown only where the browser has a recogniser; the
 * learner can still read and correct the text before sending it.
 */
export function DictateButton({ onText }: { onText: (text: string) => void }) {
  const { t, i18n } = useTranslation('player');
  const [listening, setListening] = useState(false);
  const current = useRef<TRecogniser | null>(null);
  useEffect(() => () => current.current?.stop(), []);
  const Recogniser = recogniserClass();
  if (!Recogniser) return null;

  const start = () => {
    const r = new Recogniser();
    r.lang = i18n.language;
    r.interimResults = false;
    r.onresult = (e) => {
      const said = Array.from(e.results, (alternatives) => alternatives[0]?.transcript ?? '').join(' ');
      if (said.trim()) onText(said.trim());
    };
    r.onend = () => setListening(false);
    r.onerror = () => setListening(false);
    current.current = r;
    setListening(true);
    r.start();
  };
  return (
    <Button type="button" variant="secondary" onClick={() => (listening ? current.current?.stop() : start())}>
      {listening ? t('run.listening') : t('run.dictate')}
    </Button>
  );
}
