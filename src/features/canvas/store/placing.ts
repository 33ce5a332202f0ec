import { proxy } from 'valtio';

/**
 * "Tap a block, then tap the canvas" (touch): the block waiting to be placed, or null. The palette
 * sets it, the placing hint shows it, and a tap on the canvas's empty area places it there.
 */
export const placing = proxy({ type: null as string | null, name: '' });

export function startPlacing(type: string, name: string): void {
  placing.type = type;
  placing.name = name;
}

export function stopPlacing(): void {
  placing.type = null;
  placing.name = '';
}
