import { usePageTitle } from '../../../components/ui/page-title';
import { LegalDocument } from '../components/legal-document';
import { termsOfUse, termsUpdated } from '../content/terms-of-use';

export function TermsOfUsePage() {
  usePageTitle('Terms of Use');
  return <LegalDocument title="Terms of Use" updated={termsUpdated} markdown={termsOfUse} />;
}

export { TermsOfUsePage as Component };
