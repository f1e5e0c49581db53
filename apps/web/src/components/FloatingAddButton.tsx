import { sk } from '../i18n/sk.ts';
import { PlusIcon } from './icons.tsx';

/** The round add button fixed at the bottom right of a list screen. */
export function FloatingAddButton({
  onClick,
  label = sk.common.add,
}: {
  onClick: () => void;
  label?: string;
}) {
  return (
    <button
      type="button"
      className="btn btn-primary floating-add-button"
      onClick={onClick}
      aria-label={label}
      title={label}
    >
      <PlusIcon width="1.75em" height="1.75em" />
    </button>
  );
}
