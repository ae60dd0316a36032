import { useRuntimeConfig } from '../../../lib/runtime-config';
import { updateFailedPrefix } from '../messages';

/** 'Error updating. Please refresh the page and try again. If this problem persists, contact {support}.' */
export function UpdateFailedText() {
  const support = useRuntimeConfig()?.supportEmail ?? 'support@fullpageshot.com';
  return (
    <>
      {updateFailedPrefix}
      <a href={`mailto:${support}`}>{support}</a>.
    </>
  );
}
