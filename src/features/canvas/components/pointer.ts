/** A finger first (tablet, phone): its coarse pointer gets touch texts and keeps keyboard help folded. */
export const touchFirst = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
