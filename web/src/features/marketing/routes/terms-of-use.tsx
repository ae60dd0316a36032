import { usePageTitle } from '../../../components/ui/page-title';
import { LegalDocument } from '../components/legal-document';
import { termsUpdated } from '../content/terms-of-use';
import { termsOfUseHtml } from '../content/terms-of-use-html.build';

export function TermsOfUsePage() {
  usePageTitle('Terms of Use');
  return <LegalDocument title="Terms of Use" updated={termsUpdated} html={termsOfUseHtml} />;
}

export { TermsOfUsePage as Component };
