import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { Button } from '../ui/button';
import { usePageTitle } from '../ui/page-title';

/** 'Page not found' with a 'Return to home' button: the unknown-route page, reusable by any page. */
export function NotFound({ message = 'The page you are looking for does not exist or has moved.' }: { message?: string }) {
  usePageTitle('Page not found');
  const navigate = useNavigate();
  return (
    <section className="not-found container">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>{message}</p>
      <Button size="lg" onClick={() => navigate(paths.home.href())}>
        Return to home
      </Button>
    </section>
  );
}
