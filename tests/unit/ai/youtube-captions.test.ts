import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createYoutubeCaptions } from '../../../src/server/adapters/youtube/captions';

/** A local stand-in for YouTube's captions endpoint: video `withCaps001` has English and French tracks. */
let base = '';
const seen: string[] = [];
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '', 'http://x');
  seen.push(url.search);
  const v = url.searchParams.get('v');
  if (v === 'brokenVid01') {
    res.writeHead(503).end();
    return;
  }
  if (url.searchParams.get('type') === 'list') {
    const tracks =
      v === 'withCaps001' ? '<track id="0" name="" lang_code="en" /><track id="1" lang_code="fr-CA" />' : '';
    res
      .writeHead(200, { 'content-type': 'text/xml' })
      .end(`<?xml version="1.0"?><transcript_list>${tracks}</transcript_list>`);
    return;
  }
  const lang = url.searchParams.get('lang');
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      events: [
        { segs: [{ utf8: `[${lang}] Hello` }, { utf8: ' class' }] },
        {},
        { segs: [{ utf8: '\nbye' }] },
      ],
    }),
  );
});
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('YouTube captions adapter', () => {
  const captions = () => createYoutubeCaptions({ baseURL: base });

  it('reads the asked language’s track (or its regional variant), else the first', async () => {
    expect(await captions().transcript('https://youtu.be/withCaps001')).toEqual({
      text: '[en] Hello class bye',
      language: 'en',
    });
    expect(await captions().transcript('https://www.youtube.com/watch?v=withCaps001', 'fr')).toEqual({
      text: '[fr-CA] Hello class bye',
      language: 'fr-CA',
    });
    expect(seen).toContain('?v=withCaps001&lang=fr-CA&fmt=json3');
  });

  it('says plainly when there is no transcript, no network, or no YouTube video', async () => {
    expect(await captions().transcript('https://youtu.be/noCaptions1')).toEqual({
      notice: 'youtube-no-transcript',
    });
    expect(await captions().transcript('https://youtu.be/brokenVid01')).toEqual({
      notice: 'youtube-no-network',
    });
    const gone = createYoutubeCaptions({ baseURL: 'http://127.0.0.1:9' });
    expect(await gone.transcript('https://youtu.be/withCaps001')).toEqual({ notice: 'youtube-no-network' });
    const before = seen.length;
    expect(await captions().transcript('https://example.com/watch?v=withCaps001')).toEqual({
      notice: 'youtube-not-a-video',
    });
    expect(seen.length).toBe(before);
  });
});
