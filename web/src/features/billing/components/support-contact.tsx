import { useRuntimeConfig } from '../../../lib/runtime-config';
import { updateFailedPrefix } from '../messages';
import { SUPPORT_EMAIL } from '#shared/domain/support-email';

/** 'Error updating. Please refresh the page and try again. If this problem persists, contact {support}.' */
export function UpdateFailedText() {
  const support = useRuntimeConfig()?.supportEmail ?? SUPPORT_EMAIL;
  return (
    <>
      {updateFailedPrefix}
      <a href={`mailto:${support}`}>{support}</a>.
    </>
  );
}
