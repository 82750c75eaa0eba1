import { TextField } from './text-field';

interface UsernameFieldProps {
  label: string;
  placeholder: string;
  value: string;
  error: string | null;
  /** The new text; the caller clears its error with it, as a player who is typing again expects. */
  onChange: (value: string) => void;
}

/** Another player's PlayOn username, typed as written: no capital first letter, no autocorrect. */
export function UsernameField({ onChange, ...rest }: UsernameFieldProps) {
  return (
    <TextField
      autoCapitalize="none"
      autoComplete="off"
      autoCorrect="off"
      spellCheck={false}
      onChange={(event) => onChange(event.target.value)}
      {...rest}
    />
  );
}
