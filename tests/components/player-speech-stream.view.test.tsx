import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setTexts } from '../../src/player/i18n';
import { ArrivingSpeech } from '../../src/player/run/ArrivingSpeech';
import { AudioItem } from '../../src/player/run/AudioItem';
import { streamedSpeechVia } from '../../src/player/run/speech-stream';
import { controlledBody, deps, pieces } from './speech-stream.fakes';

beforeAll(() => {
  const path = join(__dirname, '..', '..', 'public', 'locales', 'en-GB', 'player.json');
  setTexts('en-GB', JSON.parse(readFileSync(path, 'utf8')));
});

/** A real element of the page, whose play and pause the test watches. */
function watchedAudio() {
  const audio = document.createElement('audio');
  const play = vi.fn(async () => {});
  const pause = vi.fn();
  audio.play = play;
  audio.pause = pause;
  return { audio, play, pause };
}

describe('streamed speech on the learner screen', () => {
  it('says the speech is arriving with a Stop, then the feed item shows the very element that played it', async () => {
    const { audio, play, pause } = watchedAudio();
    const { d } = deps(true, audio);
    const { body, controller } = controlledBody();
    controller.enqueue(pieces[0]);
    const speak = streamedSpeechVia(
      async () => new Response(body, { headers: { 'content-type': 'audio/mpeg' } }),
      d,
    );
    render(<ArrivingSpeech />);
    const answer = speak?.({ nodeId: 'say', nodeType: 'textToSpeechStreamingNode', text: 'Hi' });

    await screen.findByText('Playing as it arrives…');
    await waitFor(() => expect(play).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(pause).toHaveBeenCalledTimes(1);

    controller.enqueue(pieces[1]);
    controller.close();
    const saved = await answer;
    await waitFor(() => expect(screen.queryByText('Playing as it arrives…')).toBeNull());
    expect(saved?.kind).toBe('audio');
    const url = saved?.kind === 'audio' ? saved.url : '';

    const item = render(<AudioItem url={url} />);
    expect(item.container.querySelector('audio')).toBe(audio);
    expect(audio.controls).toBe(true);
  });

  it('plays the saved URL in a plain element when no stream of this page made it (after a reload)', () => {
    const url = 'data:audio/mpeg;base64,//NExA==';
    const item = render(<AudioItem url={url} />);
    const audio = item.container.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe(url);
    expect(audio?.getAttribute('preload')).toBe('none');
    expect(audio?.controls).toBe(true);
  });
});
