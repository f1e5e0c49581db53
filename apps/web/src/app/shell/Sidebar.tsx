import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { sk } from '../../i18n/sk.ts';
import { menu as fullMenu, type MenuItem } from '../menu.ts';
import { useCurrentUser } from '../session.tsx';
import { MenuTree } from './MenuTree.tsx';
import { activeGroupId, filterMenu, openCollapseIds } from './menu-logic.ts';

type Props = { open: boolean; small: boolean; onClose: () => void; items?: MenuItem[] };

/** Spec §2 Sidebar menu: a tab list of groups and the chosen group's tree. */
export function Sidebar({ open, small, onClose, items = fullMenu }: Props) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const groups = useMemo(() => filterMenu(items, user), [items, user]);
  const [tab, setTab] = useState(() => activeGroupId(groups, pathname));
  const [openIds, setOpenIds] = useState(() => openCollapseIds(groups, pathname));
  const [selected, setSelected] = useState<string | null>(null);

  // Navigation opens the group and sub-menus holding the active item and closes the others.
  useEffect(() => {
    setTab(activeGroupId(groups, pathname));
    setOpenIds(openCollapseIds(groups, pathname));
  }, [groups, pathname]);

  const current = groups.find((g) => g.id === tab) ?? groups[0];
  const toggle = (item: MenuItem) => {
    setOpenIds((ids) => {
      const next = new Set(ids);
      if (next.has(item.id)) next.delete(item.id);
      else next.add(item.id);
      return next;
    });
    if (small || !open) setSelected(item.id);
  };
  const navigate = () => {
    if (small) onClose();
  };

  return (
    <>
      <aside className={`sidebar${open ? ' open' : ''}`} aria-label={sk.shell.menuLabel} inert={!open}>
        <div className="sidebar-brand">
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>{sk.appName}</span>
        </div>
        <div className="sidebar-panes">
          <div
            className="sidebar-tabs"
            role="tablist"
            aria-orientation="vertical"
            aria-label={sk.shell.menuLabel}
          >
            {groups.map((g) => {
              const Icon = g.icon;
              return (
                <button
                  key={g.id}
                  type="button"
                  role="tab"
                  id={`menu-tab-${g.id}`}
                  aria-selected={g.id === current?.id}
                  aria-controls="menu-panel"
                  className={`sidebar-tab${g.id === current?.id ? ' active' : ''}`}
                  onClick={() => setTab(g.id)}
                >
                  {Icon ? <Icon width="1.5em" height="1.5em" /> : null}
                  <span>{g.title}</span>
                </button>
              );
            })}
          </div>
          {current ? (
            <div
              className="sidebar-tree"
              role="tabpanel"
              id="menu-panel"
              aria-labelledby={`menu-tab-${current.id}`}
            >
              <h2 className="sidebar-group-title">{current.title}</h2>
              <MenuTree
                items={current.children ?? []}
                pathname={pathname}
                open={openIds}
                selected={selected}
                onToggle={toggle}
                onNavigate={navigate}
              />
            </div>
          ) : null}
        </div>
      </aside>
      {small && open ? (
        <button type="button" className="sidebar-overlay" aria-label={sk.shell.closeMenu} onClick={onClose} />
      ) : null}
    </>
  );
}
