/**
 * Audio elements still playing a streamed answer, by the data: URL the block saved. The feed shows
 * that very element for the item (AudioItem), so playback goes on instead of starting over from a
 * second element; after a reload there is none and the feed plays the saved data: URL.
 */
const playing = new Map<string, HTMLAudioElement>();
/** A few at most: an element is only worth keeping while its item is first shown. */
const KEEP = 4;

export function keepPlaying(url: string, audio: HTMLAudioElement): void {
  playing.delete(url);
  playing.set(url, audio);
  for (const old of playing.keys()) {
    if (playing.size <= KEEP) break;
    playing.delete(old);
  }
}

/** The element playing this URL's audio, if a stream of this page made it. */
export const livePlayer = (url: string): HTMLAudioElement | undefined => playing.get(url);

/**
 * Streams still arriving: their audio plays detached from the page until the block's answer is in
 * the feed (moving a playing element would pause it), so ArrivingSpeech offers a Stop meanwhile —
 * sound that starts by itself needs a way to stop it.
 */
type TArriving = { id: number; audio: HTMLAudioElement };
let arriving: TArriving[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** Shows the audio as arriving; the answer ends it. */
export function showArriving(audio: HTMLAudioElement): () => void {
  const entry = { id: nextId++, audio };
  arriving = [...arriving, entry];
  changed();
  return () => {
    arriving = arriving.filter((a) => a !== entry);
    changed();
  };
}

export const arrivingAudio = () => arriving;
export function onArrivingChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
