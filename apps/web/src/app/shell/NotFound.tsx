import { Link } from 'react-router';
import { sk } from '../../i18n/sk.ts';

/** Unknown or forbidden route (spec §2): 'Stránka nebola nájdená' and 'Domov'. */
export function NotFound() {
  return (
    <div className="not-found text-center py-5">
      <p className="display-4 fw-bold text-body-secondary mb-2" aria-hidden="true">
        404
      </p>
      <h1 className="h3 mb-4">{sk.notFound.title}</h1>
      <Link to="/" className="btn btn-primary">
        {sk.notFound.home}
      </Link>
    </div>
  );
}
