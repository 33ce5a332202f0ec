/** The canvas element, so the palette can tell a drop on it and find the centre of the view. */
let canvasEl: HTMLElement | null = null;

export function setCanvasElement(el: HTMLElement | null): void {
  canvasEl = el;
}

/** The canvas says when its opening view is placed (`data-opened`), for the page's own checks. */
export function markOpened(): void {
  canvasEl?.setAttribute('data-opened', 'true');
}

export const canvasRect = (): DOMRect | null => canvasEl?.getBoundingClientRect() ?? null;

export function isOverCanvas(x: number, y: number): boolean {
  const r = canvasRect();
  if (!r || x < r.left || x > r.right || y < r.top || y > r.bottom) return false;
  // A drawer or panel laid over the canvas (phones) is not the canvas.
  const hit = document.elementFromPoint(x, y);
  return !!hit && !!canvasEl?.contains(hit);
}

/** The canvas element itself (the placing hint is drawn inside it). */
export const canvasElement = (): HTMLElement | null => canvasEl;
