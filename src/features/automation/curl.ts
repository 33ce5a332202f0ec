import type { TTaskSlot } from '../../shared/contract/automation';

const SAMPLE: Record<TTaskSlot['kind'], unknown> = {
  text: 'Your text',
  media: 'https://example.com/file.png',
  form: { field: 'value' },
  quiz: { q1: 'A' },
  choice: 'Option label',
  conversation: ['First message', 'Second message'],
};

/** The run's input JSON with one placeholder value per input slot (the curl example's, the try's start). */
export const sampleInput = (slots: TTaskSlot[]): string =>
  JSON.stringify(Object.fromEntries(slots.map((s) => [s.key, SAMPLE[s.kind]])), null, 2);

/** A ready-to-copy curl call of the task, with one placeholder value per input slot. */
export function curlExample(origin: string, taskId: string, slots: TTaskSlot[]): string {
  const input = sampleInput(slots);
  return [
    `curl -X POST '${origin}/api/tasks/${taskId}/run' \\`,
    `  -H 'Authorization: Bearer YOUR_API_KEY' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${input.replace(/'/g, "'\\''")}'`,
  ].join('\n');
}
