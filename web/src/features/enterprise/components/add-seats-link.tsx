import type { ReactNode } from 'react';
import type { Organization } from '#shared/domain/organization';
import { useRuntimeConfig } from '../../../lib/runtime-config';

/** A mail to enterprise support that names the organisation, so the request needs no back and forth. */
function addSeatsHref(supportEmail: string, org: Pick<Organization, 'name' | 'orgId'>): string {
  const subject = `Add seats: ${org.name}`;
  const body = `Please add seats to our Enterprise plan.\n\nOrganisation: ${org.name}\nOrganisation id: ${org.orgId}\nSeats to add: `;
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** "Contact enterprise support" as a link (seats are added by support, spec 000 §6). */
export function AddSeatsLink({ org, children }: { org: Pick<Organization, 'name' | 'orgId'>; children: ReactNode }) {
  const support = useRuntimeConfig()?.supportEmail;
  if (!support) return <>{children}</>;
  return <a href={addSeatsHref(support, org)}>{children}</a>;
}
