import fc from 'fast-check';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { APP_VERSION, readFlowFile, writeFlowFile as serverWrite } from '../../../src/server/flows/flow-file';
import type { TFlowDocument } from '../../../src/shared/contract/flows';
import { writeFlowFile } from '../../../src/shared/domain/flow-file';
import { nodeSpec } from '../../../src/shared/domain/node-catalogue';
import { arbFlowDocument, smallGraph } from '../../api/helpers/graphs';

// The editor writes .flow files in the browser (offline export); the server reads them on import.
const doc = (): TFlowDocument => ({
  name: 'Rivers and lakes',
  description: 'Week 3',
  iconUrl: null,
  published: true,
  ...smallGraph(),
});
const NOW = new Date('2026-11-22T09:15:07.000Z');

describe('[FLOWS] the shared .flow writer', () => {
  it('writes a file the server reads back unchanged, with the version it was given', async () => {
    const bytes = writeFlowFile(doc(), { appVersion: '9.8.7', now: NOW });
    const read = await readFlowFile(bytes);
    expect(read.doc).toEqual(doc());
    expect(read.formatVersion).toBe(1);
    expect(read.migrations).toEqual([]);
    const manifest = JSON.parse(strFromU8(unzipSync(bytes)['manifest.json']));
    expect(manifest).toEqual({
      format: 'flowlearn.flow',
      formatVersion: 1,
      appVersion: '9.8.7',
      exportedAt: NOW.toISOString(),
      nodeTypes: Object.fromEntries(
        ['beginNode', 'textNode', 'displayNode'].map((t) => [t, nodeSpec(t)?.version]),
      ),
    });
  });

  it('round-trips any valid flow document', async () => {
    await fc.assert(
      fc.asyncProperty(arbFlowDocument, async (d) => {
        expect((await readFlowFile(writeFlowFile(d, { appVersion: '1.0.0', now: NOW }))).doc).toEqual(d);
      }),
      { numRuns: 30 },
    );
  });

  it('is the writer the server exports with (same bytes for the same document and time)', () => {
    expect(serverWrite(doc(), NOW)).toEqual(writeFlowFile(doc(), { appVersion: APP_VERSION, now: NOW }));
  });
});
