import { useState } from 'react';

/** 'Unknown User' stands in for someone with neither a name nor an e-mail (spec 02 §3). */
export const displayName = (p: { fullname?: string; email?: string }, unknown: string) =>
  p.fullname?.trim() || p.email?.trim() || unknown;

/** A stable hue from the e-mail (FNV-1a), so one person keeps one colour everywhere. */
export function hueOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 360;
}

const SIZE = 40;

/** The profile picture, or initials on a colour derived from the e-mail when there is none or it fails (404). */
export function Avatar({ email, name, src }: { email: string; name: string; src: string | null }) {
  const [broken, setBroken] = useState(false);
  if (src && !broken)
    return (
      <img
        className="person-avatar"
        src={src}
        alt=""
        width={SIZE}
        height={SIZE}
        onError={() => setBroken(true)}
      />
    );
  const initials = name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  return (
    <span
      className="person-avatar person-avatar--initials"
      style={{ background: `hsl(${hueOf(email || name)} 55% 42%)` }}
      aria-hidden="true"
    >
      {initials || '?'}
    </span>
  );
}
