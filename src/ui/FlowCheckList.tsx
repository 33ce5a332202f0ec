import { formatDateShort } from '../shared/domain/dates';

type Flow = {
  _id: string;
  name: string;
  description: string;
  updatedAt: string;
  /** The collection it is in (null: in none); undefined when the list does not say. */
  projectName?: string | null;
};

/**
 * The flows of a wizard's first step as checkboxes: name, then its collection (copies in different
 * collections look alike otherwise), description and last update.
 */
export function FlowCheckList(props: {
  flows: readonly Flow[];
  selected: readonly string[];
  onToggle: (id: string) => void;
  /** Shown in place of an empty description. */
  noDescription: string;
  /** Names the place of a flow that is in no collection. */
  noCollection: string;
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
                {f.projectName !== undefined && (
                  <span className="flow-picker__collection">{f.projectName ?? props.noCollection} · </span>
                )}
                {f.description || props.noDescription} · {formatDateShort(f.updatedAt)}
              </span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
