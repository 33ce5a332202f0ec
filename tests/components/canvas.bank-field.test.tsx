import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BankField } from '../../src/features/canvas/components/BankField';
import { setSpace } from '../../src/ui/space';
import { stubApi } from './stub-api';

afterEach(() => vi.unstubAllGlobals());

const bank = (id: string, name: string, documentsCount: number) => ({
  _id: id,
  id,
  name,
  orgId: 'o'.repeat(24),
  documentsCount,
  chunksCount: documentsCount * 10,
  createdAt: '2026-11-28T09:00:00.000Z',
  updatedAt: '2026-11-28T09:00:00.000Z',
});
const SCIENCE = 'a'.repeat(24);
const HISTORY = 'b'.repeat(24);
const NEW_BANK = 'c'.repeat(24);

/** What the stand-in upload server was sent, and how it answers: progress events, then a status. */
interface Sent {
  url: string;
  form: FormData;
}
function stubUpload(answer: { status: number; body: unknown }) {
  const sent: Sent[] = [];
  let finish: () => void = () => {};
  class UploadXhr {
    status = 0;
    responseText = '';
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      sent.push({ url: this.url, form });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
      finish = () => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        if (answer.status === 0) this.onerror?.();
        else this.onload?.();
      };
    }
  }
  vi.stubGlobal('XMLHttpRequest', UploadXhr);
  return { sent, finish: () => act(async () => finish()) };
}

const choose = (input: HTMLElement, file: File) =>
  act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });

describe('[CANVAS] the knowledge bank field of a Knowledge Bot block', () => {
  it('lists the space’s banks from GET knowledge-bank and keeps the chosen one', async () => {
    setSpace({ orgId: 'o'.repeat(24), orgCode: 'school' });
    const calls = stubApi({
      'GET knowledge-bank': () => ({
        body: { data: [bank(SCIENCE, 'Science', 2), bank(HISTORY, 'History', 1)] },
      }),
    });
    const onChange = vi.fn();
    render(<BankField value={undefined} onChange={onChange} />);
    await screen.findByText('History (1 document)');
    expect(screen.getByText('Science (2 documents)')).toBeTruthy();
    expect(calls.some((c) => c.path === 'knowledge-bank')).toBe(true);
    const select = screen.getByLabelText('Knowledge bank') as HTMLSelectElement;
    expect(select.value).toBe('');
    await act(async () => fireEvent.change(select, { target: { value: HISTORY } }));
    expect(onChange).toHaveBeenCalledWith(HISTORY);
  });

  it('uploads a document to a new bank with its progress, then picks that bank', async () => {
    setSpace({ orgId: 'personal', orgCode: 'personal' });
    stubApi({ 'GET knowledge-bank': () => ({ status: 500, body: { message: 'down' } }) });
    const server = stubUpload({
      status: 201,
      body: {
        bank: bank(NEW_BANK, 'Handout', 1),
        document: {
          _id: 'd'.repeat(24),
          id: 'd'.repeat(24),
          bankId: NEW_BANK,
          fileName: 'handout.pdf',
          contentType: 'application/pdf',
          size: 4,
          chunksCount: 12,
          embeddingModel: null,
          createdAt: '2026-11-28T09:00:00.000Z',
        },
        indexed: { fullText: true, vectors: false, credits: '0' },
        notice: null,
      },
    });
    const onChange = vi.fn();
    render(<BankField value={undefined} onChange={onChange} />);
    // A failed list is an empty one (spec 03 §8), which invites a first upload.
    await screen.findByText(/has no knowledge bank yet/);
    const input = screen.getByLabelText(/Upload a document to a new bank/);
    await choose(input, new File(['%PDF'], 'handout.pdf', { type: 'application/pdf' }));
    const bar = screen.getByLabelText('Uploading the document') as HTMLProgressElement;
    expect(bar.value).toBeCloseTo(0.4);
    expect(server.sent[0].url).toMatch(/\/api\/knowledge-bot\/upload$/);
    expect((server.sent[0].form.get('file') as File).name).toBe('handout.pdf');
    expect(server.sent[0].form.get('bankId')).toBeNull();
    await server.finish();
    expect(onChange).toHaveBeenCalledWith(NEW_BANK);
    expect(screen.getByRole('status').textContent).toBe(
      'handout.pdf was added to Handout: 12 passages indexed.',
    );
    expect(screen.queryByLabelText('Uploading the document')).toBeNull();
  });

  it('adds to the chosen bank and says plainly why the server refused the file', async () => {
    setSpace({ orgId: 'o'.repeat(24), orgCode: 'school' });
    stubApi({ 'GET knowledge-bank': () => ({ body: { data: [bank(SCIENCE, 'Science', 2)] } }) });
    const server = stubUpload({
      status: 400,
      body: { message: 'file: no text was found in it (a scanned PDF needs text recognition first)' },
    });
    const onChange = vi.fn();
    render(<BankField value={SCIENCE} onChange={onChange} />);
    await screen.findByText('Science (2 documents)');
    await choose(screen.getByLabelText(/Add a document to this bank/), new File(['%PDF'], 'scan.pdf'));
    expect(server.sent[0].form.get('bankId')).toBe(SCIENCE);
    await server.finish();
    expect(screen.getByRole('alert').textContent).toBe(
      'This file could not be added: file: no text was found in it (a scanned PDF needs text recognition first)',
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a file over 20 MB before sending it, and says when the upload never arrived', async () => {
    setSpace({ orgId: 'personal', orgCode: 'personal' });
    stubApi({ 'GET knowledge-bank': () => ({ body: { data: [] } }) });
    const server = stubUpload({ status: 0, body: null });
    render(<BankField value={undefined} onChange={() => {}} />);
    const input = await screen.findByLabelText(/Upload a document to a new bank/);
    const big = new File(['x'], 'big.pdf');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await choose(input, big);
    expect(screen.getByRole('alert').textContent).toBe('The file is larger than 20 MB.');
    expect(server.sent).toHaveLength(0);
    await choose(input, new File(['hello'], 'notes.txt'));
    await server.finish();
    expect(screen.getByRole('alert').textContent).toBe(
      'The upload did not reach the server. Check the connection and try again.',
    );
  });
});
