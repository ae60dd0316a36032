import { usePageTitle } from '../../../components/ui/page-title';
import { LegalDocument } from '../components/legal-document';
import { privacyUpdated } from '../content/privacy';
import { privacyPolicyHtml } from '../content/privacy-html.build';

export function PrivacyPage() {
  usePageTitle('Privacy Policy');
  return <LegalDocument title="Privacy Policy" updated={privacyUpdated} html={privacyPolicyHtml} />;
}

export { PrivacyPage as Component };
