import type { InputHTMLAttributes } from 'react';
import './switch.css';

/**
 * An on/off switch: a real checkbox with the switch role, so the label and the keyboard toggle it and screen
 * readers hear "açık/kapalı". Give it an `id` its label points at.
 */
export function Switch(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>) {
  return (
    <span className="switch">
      <input type="checkbox" role="switch" {...props} />
      <span className="switch__track" aria-hidden="true" />
    </span>
  );
}
