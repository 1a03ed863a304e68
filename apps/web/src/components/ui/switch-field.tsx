import { useId } from 'react';

type Props = {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/** A checkbox styled as a switch; a native input keeps keyboard and screen-reader support. */
export function SwitchField({ label, description, checked, onChange }: Props) {
  const id = useId();
  return (
    <div className="switch-field">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={description ? `${id}-description` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {description ? (
        <p id={`${id}-description`} className="field-hint">
          {description}
        </p>
      ) : null}
    </div>
  );
}
