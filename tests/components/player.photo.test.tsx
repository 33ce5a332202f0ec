import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setTexts } from '../../src/player/i18n';
import { MediaAsk } from '../../src/player/run/MediaAsk';

const request = {
  kind: 'media' as const,
  media: 'image' as const,
  prompt: 'Photograph your leaf',
  accept: 'image/*',
  capture: true,
};
const jwt = (exp: number) => `x.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.y`;

describe('[PLAYER] the photo step: a capture button, then a preview to send', () => {
  afterEach(() => sessionStorage.removeItem('token'));

  it('shows the chosen photo and waits for Send; nothing is answered before', async () => {
    setTexts(
      'en-GB',
      JSON.parse(
        readFileSync(join(__dirname, '..', '..', 'public', 'locales', 'en-GB', 'player.json'), 'utf8'),
      ),
    );
    sessionStorage.setItem('token', jwt(Math.floor(Date.now() / 1000) + 3600));
    const answers: unknown[] = [];
    const view = render(<MediaAsk request={request} busy={false} onAnswer={(a) => answers.push(a)} />);
    const button = await view.findByText('Take or choose a photo');
    // The button is the label of the (hidden) input: a tap on it opens the camera.
    const input = view.container.querySelector<HTMLInputElement>('label.pl-capture input[type=file]');
    expect(button.closest('label')).toBe(input?.closest('label'));
    expect(input?.className).toBe('pl-capture__input');
    expect(view.queryByRole('button', { name: 'Send this photo' })).toBeNull();

    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'leaf.png', { type: 'image/png' });
    fireEvent.change(input as HTMLInputElement, { target: { files: [photo] } });
    const preview = await view.findByRole('img', { name: 'Your photo, not sent yet' });
    expect(preview.getAttribute('src')).toMatch(/^blob:/);
    expect(view.getByRole('button', { name: 'Send this photo' })).toBeTruthy();
    expect(view.getByText('Take or choose another')).toBeTruthy();
    expect(answers).toEqual([]);
  });
});
