/**
 * The name of a copy, as the duplicate action names it (spec 01: "Name (copy)"): a copy that would
 * meet a flow of the same name in its collection becomes "Name (copy)", then "Name (copy 2)"…
 * `always` names it a copy even when nothing clashes (duplicating). Kept within `max` characters.
 */
export function copyName(name: string, taken: ReadonlySet<string>, max: number, always = false): string {
  if (!always && !taken.has(name)) return name;
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = `${name.slice(0, Math.max(0, max - suffix.length))}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
