import { Link } from 'react-router';
import { ChevronIcon } from '../../components/icons.tsx';
import { sk } from '../../i18n/sk.ts';
import type { MenuItem } from '../menu.ts';
import { containsActive, isItemActive } from './menu-logic.ts';

/** Spec §2: a tree of up to three levels below a group tab. */
export const MAX_MENU_DEPTH = 3;

type Props = {
  items: MenuItem[];
  pathname: string;
  open: Set<string>;
  selected: string | null;
  onToggle: (item: MenuItem) => void;
  onNavigate: (item: MenuItem) => void;
  level?: number;
};

export function MenuTree(props: Props) {
  const level = props.level ?? 1;
  if (level > MAX_MENU_DEPTH) return null;
  return (
    <ul className={`menu-tree menu-level-${level}`}>
      {props.items.map((item) => (
        <li key={item.id}>
          <MenuEntry {...props} item={item} level={level} />
        </li>
      ))}
    </ul>
  );
}

function MenuEntry({ item, level, ...props }: Props & { item: MenuItem; level: number }) {
  const Icon = item.icon;
  const badge = item.badge ? (
    <span className={`badge ms-auto text-bg-${item.badge.variant ?? 'primary'}`}>{item.badge.title}</span>
  ) : null;
  switch (item.type) {
    case 'item': {
      const active = isItemActive(item, props.pathname);
      return (
        <Link
          to={item.url ?? '/'}
          target={item.target}
          className={`menu-link${active ? ' active' : ''}`}
          aria-current={active ? 'page' : undefined}
          onClick={() => props.onNavigate(item)}
        >
          {Icon ? <Icon /> : <span className="menu-dot" aria-hidden="true" />}
          <span>{item.title}</span>
          {badge}
        </Link>
      );
    }
    case 'collapse': {
      const open = props.open.has(item.id);
      const holdsActive = containsActive(item, props.pathname);
      const selected = props.selected === item.id;
      return (
        <>
          <button
            type="button"
            className={`menu-link menu-collapse${holdsActive || selected ? ' active' : ''}`}
            aria-expanded={open}
            onClick={() => props.onToggle(item)}
          >
            {Icon ? <Icon /> : <span className="menu-dot" aria-hidden="true" />}
            <span>{item.title}</span>
            {badge}
            <ChevronIcon className={`menu-chevron${open ? ' open' : ''}`} />
          </button>
          {open && item.children ? <MenuTree {...props} items={item.children} level={level + 1} /> : null}
        </>
      );
    }
    case 'group':
      return (
        <>
          <p className="menu-caption">{item.title}</p>
          {item.children ? <MenuTree {...props} items={item.children} level={level + 1} /> : null}
        </>
      );
    default:
      return <h6 className="menu-caption text-danger">{sk.shell.unknownMenuItem}</h6>;
  }
}
