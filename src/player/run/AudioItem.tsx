import { useLayoutEffect, useRef } from 'react';
import { livePlayer } from './live-audio';

/**
 * An audio item of the feed. Speech that was streamed on this page is still playing in its own
 * element (speech-stream.ts): that element is placed here, with controls, so the learner can pause
 * it and it does not start again; otherwise a plain element plays the saved URL when asked.
 */
export function AudioItem({ url }: { url: string }) {
  const slot = useRef<HTMLDivElement>(null);
  const live = livePlayer(url);
  useLayoutEffect(() => {
    const box = slot.current;
    if (!live || !box) return;
    live.className = 'pl-media';
    live.controls = true;
    box.replaceChildren(live);
  }, [live]);
  // biome-ignore lint/a11y/useMediaCaption: authors' and generated audio come without captions
  if (!live) return <audio className="pl-media" src={url} controls preload="none" />;
  return <div ref={slot} />;
}
