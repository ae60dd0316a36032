import { usePageTitle } from '../../../components/ui/page-title';
import { LegalDocument } from '../components/legal-document';
import { privacyPolicy, privacyUpdated } from '../content/privacy';

export function PrivacyPage() {
  usePageTitle('Privacy Policy');
  return <LegalDocument title="Privacy Policy" updated={privacyUpdated} markdown={privacyPolicy} />;
}

export { PrivacyPage as Component };
