import { memberName } from '../members.store';

type Person = { _id: string; fullname?: string | null; email?: string | null };

/** A row of small initials, at most `max`, then "+N"; the full names are in the label and tooltip. */
export function Avatars({
  people,
  max = 4,
  label,
}: {
  people: readonly Person[];
  max?: number;
  label: string;
}) {
  if (people.length === 0) return null;
  const names = people.map((p) => memberName(p));
  const rest = people.length - max;
  return (
    <span
      className="avatars"
      role="img"
      aria-label={`${label}: ${names.join(', ')}`}
      title={names.join(', ')}
    >
      {people.slice(0, max).map((p, i) => (
        <span
          key={p._id}
          className="avatars__item"
          style={{ background: avatarColour(names[i]) }}
          aria-hidden="true"
        >
          {(names[i] || '?').slice(0, 1).toUpperCase()}
        </span>
      ))}
      {rest > 0 && (
        <span className="avatars__item avatars__item--more" aria-hidden="true">
          +{rest}
        </span>
      )}
    </span>
  );
}

const COLOURS = ['#3b4bd8', '#1f8a55', '#b7791f', '#8a3bd8', '#c62f3c', '#0e7c86', '#5d6578'];

/** The same person always gets the same colour, so faces are recognisable from card to card. */
export function avatarColour(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return COLOURS[h % COLOURS.length];
}
