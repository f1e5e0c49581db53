import type { ReactNode } from 'react';

type Props = {
  /** What the button does, shown as its tooltip. */
  label: string;
  /** The row it acts on, so a screen reader hears "Upraviť: Most Žilina", not five "Upraviť". */
  subject: string;
  variant: 'primary' | 'secondary' | 'danger';
  onClick: () => void;
  first?: boolean;
  children: ReactNode;
};

/** A table row's small icon button (edit, map, resend, delete …). */
export function RowAction({ label, subject, variant, onClick, first = false, children }: Props) {
  return (
    <button
      type="button"
      className={`btn btn-sm btn-outline-${variant}${first ? '' : ' ms-1'}`}
      onClick={onClick}
      aria-label={`${label}: ${subject}`}
      title={label}
    >
      {children}
    </button>
  );
}
