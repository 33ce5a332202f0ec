import { useReactFlow } from '@xyflow/react';
import { useEffect } from 'react';
import { editor } from '../store/canvas.store';
import { copySelection, cutSelection, duplicateSelection, paste } from '../store/clipboard';
import { clearSelection, deleteSelection, finishEditing, nudge, selectAll } from '../store/edit.actions';
import { redo, undo } from '../store/history.actions';
import { saveNow } from '../store/save.actions';
import { fitWhole } from './opening-view';

const NUDGE = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] } as const;

/** Typing in a field (the name, the panel) must never move or delete blocks. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'range', 'color', 'button', 'submit'].includes(type);
}

/** Returns true when the key was an editor shortcut (the caller then stops the browser's default). */
export function runShortcut(e: KeyboardEvent, fitView: () => void): boolean {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (mod && key === 's') {
    // Saving is safe mid-typing (it changes no text) and the browser's own "save page" is never wanted.
    finishEditing();
    void saveNow();
    return true;
  }
  if (isTyping(e.target) || editor.conflict || editor.status !== 'ready') return false;
  // A dialog of the app (confirm, conflict) owns the keyboard.
  if (e.target instanceof HTMLElement && e.target.closest('.overlay')) return false;
  if (mod && !e.altKey) {
    if (key === 'z' && !e.shiftKey) return undo() || true;
    if ((key === 'z' && e.shiftKey) || key === 'y') return redo() || true;
    if (key === 'c') return copySelection() > 0;
    if (key === 'x') return cutSelection() > 0;
    if (key === 'v') return paste().count > 0;
    if (key === 'd') {
      // Ctrl+D would bookmark the page: taken even with nothing selected.
      duplicateSelection();
      return true;
    }
    if (key === 'a') {
      selectAll();
      return true;
    }
    return false;
  }
  if (e.key === 'Delete' || e.key === 'Backspace') return deleteSelection();
  if (e.key === 'Escape') {
    clearSelection();
    return true;
  }
  if (e.shiftKey && e.code === 'Digit1') {
    fitView();
    return true;
  }
  const dir = NUDGE[e.key as keyof typeof NUDGE];
  if (dir) {
    const step = e.shiftKey ? 50 : 10;
    return nudge(dir[0] * step, dir[1] * step);
  }
  return false;
}

/** The editor's keyboard, caught before xyflow's own (which would move nodes by other steps). */
export function useShortcuts(): void {
  const rf = useReactFlow();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // xyflow's fitView knows only the blocks it draws: none in the simplified drawing.
      if (runShortcut(e, () => fitWhole(rf))) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [rf]);
}
