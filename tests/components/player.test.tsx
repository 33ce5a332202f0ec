import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setTexts } from '../../src/player/i18n';
import { Closed } from '../../src/player/pages/Closed';
import { codeFrom } from '../../src/player/pages/JoinPage';
import { MediaAsk } from '../../src/player/run/MediaAsk';
import { PlayerClosedMessage } from '../../src/shared/contract/player';
import { Markdown } from '../../src/ui/Markdown';

describe('[PLAYER] markdown from authors and models', () => {
  it('renders headings, lists, emphasis, links and images as elements', () => {
    const { container } = render(
      <Markdown
        text={
          '# Plants\n\nLeaves need **light** and *water*.\n\n- roots\n- stem\n\n[More](https://example.org/a) ![leaf](/img/leaf.png)'
        }
        top={2}
      />,
    );
    expect(container.querySelector('h2')?.textContent).toBe('Plants');
    expect(container.querySelector('strong')?.textContent).toBe('light');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    const a = container.querySelector('a');
    expect(a?.getAttribute('href')).toBe('https://example.org/a');
    expect(a?.getAttribute('rel')).toContain('noopener');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/img/leaf.png');
  });

  it('never turns text into HTML or script: tags stay text, javascript: links lose their address', () => {
    const { container } = render(
      <Markdown
        text={
          '<script>alert(1)</script> <img src=x onerror=alert(2)> [click](javascript:alert(3)) ![x](//evil.test/a.png)'
        }
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('click');
  });
});

describe('[PLAYER] join codes', () => {
  it('reads the code from a scanned join link or from what was typed', () => {
    expect(codeFrom('http://host/viewer/assignments/join-assignment/ABC123')).toBe('ABC123');
    expect(codeFrom('https://x.test/viewer/assignments/join-assignment/x%20y?ref=qr')).toBe('x y');
    expect(codeFrom('  demo-42 ')).toBe('demo-42');
  });
});

describe('[PLAYER] paused, locked or ended assignments', () => {
  it("shows the learner why the flow cannot run, in the server's words", () => {
    const dir = join(__dirname, '..', '..', 'public', 'locales', 'en-GB', 'player.json');
    setTexts('en-GB', JSON.parse(readFileSync(dir, 'utf8')));
    for (const reason of ['paused', 'locked', 'ended', 'notStarted'] as const) {
      const { getByRole, unmount } = render(<Closed reason={reason} />);
      expect(getByRole('alert').textContent).toBe(PlayerClosedMessage[reason]);
      unmount();
    }
  });
});

describe('[PLAYER] image input', () => {
  const request = {
    kind: 'media' as const,
    media: 'image' as const,
    prompt: 'Photograph your leaf',
    accept: 'image/*',
    capture: true,
  };
  const jwt = (exp: number) => `x.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.y`;

  it('offers the camera to a signed-in learner, and only Skip (saying why) to one without an account', async () => {
    const path = join(__dirname, '..', '..', 'public', 'locales', 'en-GB', 'player.json');
    setTexts('en-GB', JSON.parse(readFileSync(path, 'utf8')));
    sessionStorage.removeItem('token');
    const answers: unknown[] = [];
    const guest = render(<MediaAsk request={request} busy={false} onAnswer={(a) => answers.push(a)} />);
    await guest.findByText(/Sign in to upload a photo/);
    expect(guest.container.querySelector('input[type=file]')).toBeNull();
    fireEvent.click(guest.getByRole('button', { name: 'Skip' }));
    expect(answers).toEqual([{ kind: 'media', url: 'about:blank', name: 'skipped' }]);
    guest.unmount();

    sessionStorage.setItem('token', jwt(Math.floor(Date.now() / 1000) + 3600));
    const learner = render(<MediaAsk request={request} busy={false} onAnswer={() => undefined} />);
    await learner.findByText('Take or choose a photo');
    const input = learner.container.querySelector('input[type=file]');
    expect(input?.getAttribute('accept')).toBe('image/*');
    expect(input?.getAttribute('capture')).toBe('environment');
    expect(learner.queryByRole('button', { name: 'Skip' })).toBeNull();
    sessionStorage.removeItem('token');
  });
});
