import { Button, type ButtonProps } from '../../../ui/Button';

/**
 * A tool shown as a glyph with its name always visible under it (beside it on wide screens): a
 * tooltip is never seen on a touch screen. The name is the button's accessible name as well.
 */
export function ToolButton({
  glyph,
  label,
  className,
  ...rest
}: { glyph: string; label: string } & Omit<ButtonProps, 'children'>) {
  return (
    <Button
      variant="secondary"
      size="sm"
      className={`flow-tool${className ? ` ${className}` : ''}`}
      aria-label={label}
      {...rest}
    >
      <span className="flow-tool__glyph" aria-hidden="true">
        {glyph}
      </span>
      <span className="flow-tool__caption">{label}</span>
    </Button>
  );
}
