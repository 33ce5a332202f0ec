import { useEffect } from 'react';
import { PlainButton as Button } from '../../ui/PlainButton';
import { useTranslation } from '../i18n';

const canSpeak = () => typeof window !== 'undefined' && 'speechSynthesis' in window;

/** Reads the text with the device's own voice (Web Speech API), in the page's language where it has one. */
function speak(text: string, lang: string) {
  if (!canSpeak()) return;
  window.speechSynthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = lang;
  window.speechSynthesis.speak(utterance);
}

/**
 * Text to Speech with no speech model: the device speaks (once when shown, again on the button), the
 * text stays on screen, and the notice under it says whose voice it is.
 */
export function SpeakItem({ text }: { text: string }) {
  const { t, i18n } = useTranslation('player');
  const lang = i18n.language;
  useEffect(() => {
    speak(text, lang);
    return () => {
      if (canSpeak()) window.speechSynthesis.cancel();
    };
  }, [text, lang]);
  return (
    <div className="pl-speak">
      <p>{text}</p>
      {canSpeak() ? (
        <Button variant="secondary" onClick={() => speak(text, lang)}>
          {t('run.speak')}
        </Button>
      ) : (
        <p className="pl-muted">{t('run.noSpeech')}</p>
      )}
    </div>
  );
}
