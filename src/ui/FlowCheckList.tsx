import { formatDateShort } from '../shared/domain/dates';

type Flow = { _id: string; name: string; description: string; updatedAt: string };

/** The flows of a wizard's first step as checkboxes: name, then description and last update. */
export function FlowCheckList(props: {
  flows: readonly Flow[];
  selected: readonly string[];
  onToggle: (id: string) => void;
  /** Shown in place of an empty description. */
  noDescription: string;
}) {
  return (
    <ul className="flow-picker__list">
      {props.flows.map((f) => (
        <li key={f._id}>
          <label className="flow-picker__item">
            <input
              type="checkbox"
              checked={props.selected.includes(f._id)}
              onChange={() => props.onToggle(f._id)}
            />
            <span className="flow-picker__text">
              <span className="flow-picker__name">{f.name}</span>
              <span className="flow-picker__meta">
                {f.description || props.noDescription} · {formatDateShort(f.updatedAt)}
              </span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
