import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { ContactSalesForm } from '../components/contact-sales-form';
import { PageIntro } from '../components/page-intro';

const uses = [
  {
    title: 'Legal',
    text: 'Preserve web pages as evidence: the whole page, with the address and the capture time stamped on it, exported to PDF for the case file.',
  },
  {
    title: 'Compliance',
    text: 'Keep dated records of web disclosures, advertising and terms as they appeared, so reviews and audits can see exactly what was published.',
  },
  {
    title: 'Accounting',
    text: 'Capture online statements, invoices and portal records in full for audit trails and working papers, without stitching screenshots by hand.',
  },
  {
    title: 'Archival',
    text: 'Archive complete web pages at regular intervals in consistent formats, for records management and institutional memory.',
  },
];

const features = [
  'Multi-user accounts with seats for your whole team',
  'An administrator who invites, deactivates and reactivates members',
  'Every Premium feature for every member: cropping, annotation, URL and date stamp, smart PDF page splitting',
  'One invoice for the organisation, and payment history in the enterprise account',
  'Priority support and a named contact',
];

export function EnterprisePage() {
  usePageTitle('Enterprise');
  return (
    <>
      <PageIntro eyebrow="Enterprise" title="Full Page Shot for Enterprise">
        <p>Group plans for organisations that capture the web as a record: legal, compliance, accounting and archival teams.</p>
      </PageIntro>
      <section className="section section--flush" aria-labelledby="uses-title">
        <div className="container">
          <h2 id="uses-title" className="section__title">
            Built for work that needs a record
          </h2>
          <ul className="cards cards--4">
            {uses.map((u) => (
              <li key={u.title} className="card">
                <h3>{u.title}</h3>
                <p>{u.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="section section--tint" aria-labelledby="plan-title">
        <div className="container container--narrow">
          <h2 id="plan-title" className="section__title">
            What a group plan includes
          </h2>
          <ul className="checklist">
            {features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <p className="muted">
            Already have a group plan? Manage members and payments in your <Link to={paths.enterpriseAccount.href()}>enterprise account</Link>.
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="request-title">
        <div className="container container--narrow">
          <h2 id="request-title" className="section__title">
            Request a group plan
          </h2>
          <p className="section__lead">Tell us how many seats you need and how your team will use Full Page Shot. We reply within one business day.</p>
          <ContactSalesForm submitLabel="Send request" messageLabel="How will your team use Full Page Shot?" />
        </div>
      </section>
    </>
  );
}

export { EnterprisePage as Component };
