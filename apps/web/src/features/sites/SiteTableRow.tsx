import type { Site } from '@app/contract/web';
import { PencilIcon, SiteIcon, TrashIcon } from '../../components/icons.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { sk } from '../../i18n/sk.ts';

/** Spec §2: inactive sites have a reddish row; only active ones can be deleted. */
export const rowTint = (site: Pick<Site, 'active'>) => (site.active ? undefined : 'table-danger');
export const canDeactivate = (site: Pick<Site, 'active'>) => site.active;

type Props = { site: Site; onMap: () => void; onEdit: () => void; onDeactivate: () => void };

export function SiteTableRow({ site, onMap, onEdit, onDeactivate }: Props) {
  return (
    <tr className={rowTint(site)} data-site-id={site.id}>
      <td className="fw-semibold text-break" data-label={sk.sites.name}>
        {site.name}
        {site.active ? null : <span className="visually-hidden"> ({sk.sites.inactive})</span>}
      </td>
      <td className="text-break" data-label={sk.sites.code}>
        {site.code}
      </td>
      <td data-label={sk.sites.map}>
        <RowAction label={sk.sites.showMap} subject={site.name} variant="secondary" onClick={onMap} first>
          <SiteIcon />
        </RowAction>
      </td>
      <td className="text-end text-nowrap" data-label={sk.common.actions}>
        <RowAction label={sk.sites.edit} subject={site.name} variant="primary" onClick={onEdit} first>
          <PencilIcon />
        </RowAction>
        {canDeactivate(site) ? (
          <RowAction label={sk.sites.deactivate} subject={site.name} variant="danger" onClick={onDeactivate}>
            <TrashIcon />
          </RowAction>
        ) : null}
      </td>
    </tr>
  );
}
