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
