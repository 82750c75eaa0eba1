import { Fragment } from 'react';

/**
 * An e-mail address that breaks where a reader expects it to, before the @ and the dots, never in the
 * middle of a name; only a single part too long for its line breaks inside. `truncate` keeps it to
 * one line instead, cut with an ellipsis, the whole address in its title.
 */
export function EmailText({
  email,
  truncate = false,
  className = '',
}: {
  email: string;
  truncate?: boolean;
  className?: string;
}) {
  if (truncate) {
    return (
      <span title={email} className={`block min-w-0 truncate ${className}`}>
        {email}
      </span>
    );
  }
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={`[overflow-wrap:anywhere] ${className}`}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in their order, never reordered
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
