import { useSyncExternalStore } from 'react';
import { PlainButton as Button } from '../../ui/PlainButton';
import { useTranslation } from '../i18n';
import { arrivingAudio, onArrivingChange } from './live-audio';

/** Speech playing while it still arrives (speech-stream.ts): says so, and lets the learner stop it. */
export function ArrivingSpeech() {
  const { t } = useTranslation('player');
  const playing = useSyncExternalStore(onArrivingChange, arrivingAudio, arrivingAudio);
  return playing.map(({ id, audio }) => (
    <section key={id} className="pl-card" role="status" data-testid="speech-arriving">
      <p className="pl-muted">{t('run.speechArriving')}</p>
      <Button variant="secondary" onClick={() => audio.pause()}>
        {t('run.stopSpeech')}
      </Button>
    </section>
  ));
}
