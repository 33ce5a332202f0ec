import { useId } from 'react';
import { LineIcon } from './icons';

/** A search field with a visible label for screen readers and a clear button. */
export function SearchBox(props: {
  label: string;
  clearLabel?: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
}) {
  const { label, value, onChange, placeholder } = props;
  const id = useId();
  return (
    <div className="search-box">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <LineIcon className="search-box__icon">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </LineIcon>
      <input
        id={id}
        className="input search-box__input"
        type="search"
        value={value}
        placeholder={placeholder ?? label}
        onChange={(e) => onChange(e.target.value)}
      />
      {value && (
        <button
          type="button"
          className="search-box__clear"
          aria-label={props.clearLabel ?? label}
          onClick={() => onChange('')}
        >
          ×
        </button>
      )}
    </div>
  );
}
