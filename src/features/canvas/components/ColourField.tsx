import { useId } from 'react';

type TProps = {
  label: string;
  colour: string;
  onColour: (v: string) => void;
  opacity?: number;
  opacityLabel?: string;
  onOpacity?: (v: number) => void;
  onDone: () => void;
};

/** A colour and, optionally, its opacity (0–100 % on screen, 0–1 in the data). */
export function ColourField({ label, colour, onColour, opacity, opacityLabel, onOpacity, onDone }: TProps) {
  const id = useId();
  return (
    <div className="panel-field panel-field--colour">
      <label htmlFor={id}>{label}</label>
      <div className="panel-field__row">
        <input
          id={id}
          type="color"
          className="panel-colour"
          value={colour}
          onChange={(e) => onColour(e.target.value)}
          onBlur={onDone}
        />
        {onOpacity && (
          <input
            type="range"
            min={0}
            max={100}
            step={5}
            className="panel-range"
            aria-label={opacityLabel}
            value={Math.round((opacity ?? 1) * 100)}
            onChange={(e) => onOpacity(Number(e.target.value) / 100)}
            onPointerUp={onDone}
            onBlur={onDone}
          />
        )}
        {onOpacity && <span className="panel-field__value">{Math.round((opacity ?? 1) * 100)}%</span>}
      </div>
    </div>
  );
}
