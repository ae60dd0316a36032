import { ButtonLink } from '../../../components/ui/button';
import { HeaderBar } from '../../../components/layout/header-bar';
import { paths } from '../../../config/paths';

/** Spec: staff see a header with their e-mail and Sign out. */
export function AdminHeader({ email }: { email: string }) {
  return (
    <HeaderBar
      title="Admin"
      actions={
        <>
          <span className="admin-header__email" data-testid="admin-email">
            {email}
          </span>
          <ButtonLink to={`${paths.authSignOut.href()}?redirectPath=${encodeURIComponent(paths.admin.href())}`} variant="secondary" size="sm">
            Sign out
          </ButtonLink>
        </>
      }
    />
  );
}
