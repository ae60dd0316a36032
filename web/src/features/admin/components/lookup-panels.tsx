import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import type { AdminLookupResult } from '#shared/domain/admin';
import { paths } from '../../../config/paths';
import { cognitoUserUrl, dynamoItemUrl, stripeCustomerUrl } from '../console-links';

type Value = string | number | boolean | null | undefined;

/** A stored value; isolated (`<bdi>`), as most are user-supplied and may carry bidi controls. */
const show = (v: Value): ReactNode => (v === null || v === undefined || v === '' ? <span className="admin-muted">—</span> : <bdi>{String(v)}</bdi>);

/** Unix seconds (Stripe) or ISO text (DynamoDB, Cognito) as a UTC date and time. */
export function formatWhen(v: string | number | null | undefined): ReactNode {
  if (v === null || v === undefined || v === '') return show(v);
  const d = typeof v === 'number' ? new Date(v * 1000) : new Date(v);
  if (Number.isNaN(d.getTime())) return String(v);
  return <time dateTime={d.toISOString()}>{d.toISOString().replace('T', ' ').slice(0, 16)} UTC</time>;
}

/** A search link inside the tool (spec: its links point at /ziggy?q=…). */
const Ziggy = ({ q }: { q: string | null | undefined }) => (q ? <Link to={paths.ziggy.href(q)}><bdi>{q}</bdi></Link> : show(q));

function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="admin-fields">
      {rows.map(([k, v]) => (
        <div key={k} className="admin-field">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function Panel({ id, title, children, link }: { id: string; title: string; children: ReactNode; link?: { href: string; label: string } | null }) {
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`} data-testid={`panel-${id}`}>
      <header className="admin-panel__head">
        <h2 id={`${id}-title`}>{title}</h2>
        {link && (
          <a href={link.href} target="_blank" rel="noopener noreferrer" className="admin-panel__link">
            {link.label} ↗
          </a>
        )}
      </header>
      {children}
    </section>
  );
}

const Missing = ({ what }: { what: string }) => <p className="admin-muted">{what}</p>;

/** Spec: results as grouped panels Cognito, Dynamo (User), Dynamo (Org), Stripe, each with a deep link. */
export function LookupPanels({ result, config }: { result: AdminLookupResult; config: RuntimeConfig | undefined }) {
  const { cognito, dbUser, dbOrg, stripeCustomer } = result;
  const standard = ['sub', 'email', 'email_verified', 'custom:identity_id'];
  const otherAttributes = cognito ? Object.entries(cognito.attributes).filter(([k]) => !standard.includes(k)) : [];

  return (
    <div className="admin-panels">
      <Panel
        id="cognito"
        title="Cognito"
        link={cognito && config ? { href: cognitoUserUrl(config, cognito.username ?? cognito.attributes.sub), label: 'User pool' } : null}
      >
        {cognito ? (
          <Fields
            rows={[
              ['sub', <Ziggy key="s" q={cognito.attributes.sub} />],
              ['email', <Ziggy key="e" q={cognito.attributes.email} />],
              ['email_verified', show(cognito.attributes.email_verified ?? 'false')],
              ['custom:identity_id', show(cognito.attributes['custom:identity_id'])],
              ['userStatus', <strong key="u">{cognito.userStatus}</strong>],
              ['username', show(cognito.username)],
              ['enabled', show(cognito.enabled)],
              ['groups', show(cognito.groups?.join(', '))],
              ['created', formatWhen(cognito.created)],
              ['updated', formatWhen(cognito.updated)],
              ...otherAttributes.map(([k, v]): [string, ReactNode] => [k, show(v)]),
            ]}
          />
        ) : (
          <Missing what="No Cognito user." />
        )}
      </Panel>

      <Panel
        id="dynamo-user"
        title="Dynamo (User)"
        link={dbUser && config ? { href: dynamoItemUrl(config, 'users', dbUser.userId), label: 'DynamoDB item' } : null}
      >
        {dbUser ? (
          <Fields
            rows={[
              ['userId', <Ziggy key="u" q={dbUser.userId} />],
              ['email', <Ziggy key="e" q={dbUser.email} />],
              ['orgId', show(dbUser.orgId)],
              ['plan', show(dbUser.plan ?? (dbUser.orgId ? 'via organisation' : 'basic'))],
              ['subscription status', show(dbUser.subscriptionStatus)],
              ['subscription id', show(dbUser.subscriptionId)],
              ['trial end', formatWhen(dbUser.trialEnd)],
              ['period end', formatWhen(dbUser.currentPeriodEnd)],
              ['cancel at period end', show(dbUser.cancelAtPeriodEnd)],
              ['stripe customer', <Ziggy key="c" q={dbUser.stripeCustomerId} />],
              ['login method', show(dbUser.loginMethod)],
              ['isStaff', show(dbUser.isStaff)],
              ['abTestV2', show(dbUser.abTestV2)],
              ['created', formatWhen(dbUser.created)],
              ['updated', formatWhen(dbUser.updated)],
            ]}
          />
        ) : (
          <Missing what="No user row." />
        )}
      </Panel>

      <Panel
        id="dynamo-org"
        title="Dynamo (Org)"
        link={dbOrg && config ? { href: dynamoItemUrl(config, 'orgs', dbOrg.orgId, 'ORG'), label: 'DynamoDB item' } : null}
      >
        {dbOrg ? (
          <Fields
            rows={[
              ['orgId', show(dbOrg.orgId)],
              ['name', show(dbOrg.name)],
              ['adminEmail', <Ziggy key="a" q={dbOrg.adminEmail} />],
              ['seats', show(dbOrg.seats ?? 'default (member count)')],
              ['seats used', show(dbOrg.seatsUsed)],
              ['subscription status', show(dbOrg.subscriptionStatus)],
              ['member role', show(dbOrg.memberRole)],
              ['member status', show(dbOrg.memberStatus)],
            ]}
          />
        ) : (
          <Missing what="No organisation." />
        )}
      </Panel>

      <Panel
        id="stripe"
        title="Stripe"
        link={stripeCustomer && config ? { href: stripeCustomerUrl(config, stripeCustomer.id), label: 'Dashboard' } : null}
      >
        {stripeCustomer ? (
          <Fields
            rows={[
              ['id', show(stripeCustomer.id)],
              ['email', <Ziggy key="e" q={stripeCustomer.email} />],
              ['name', show(stripeCustomer.name)],
              ['created', formatWhen(stripeCustomer.created)],
              ['deleted', show(stripeCustomer.deleted ?? false)],
              ['found by', show(stripeCustomer.foundBy === 'userRow' ? 'user row' : stripeCustomer.foundBy === 'email' ? 'e-mail match' : stripeCustomer.foundBy)],
            ]}
          />
        ) : (
          <Missing what="No Stripe customer." />
        )}
      </Panel>
    </div>
  );
}
