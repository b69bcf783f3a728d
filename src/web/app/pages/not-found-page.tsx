import { Link } from 'wouter';
import { t } from '../../lib/i18n.ts';
import { paths } from '../../../shared/paths.ts';

export default function NotFoundPage() {
  return (
    <section className="hero min-h-[60vh]">
      <div className="hero-content text-center">
        <div className="max-w-md">
          <p className="text-7xl font-extrabold text-primary">{t.notFoundCode}</p>
          <h1 className="mt-4 text-3xl font-bold">{t.notFoundTitle}</h1>
          <p className="py-4">{t.notFoundBody}</p>
          <Link to={paths.root} className="btn btn-primary">
            {t.goHome}
          </Link>
        </div>
      </div>
    </section>
  );
}
