// Read-only endpoints: payment intents and setup intents (created by billing and
// checkout) and the event log.

import { noSuch } from '../errors';
import { createdFilter, newestFirst, paginate } from '../lists';
import type { Router } from '../router';

export function registerIntentAndEventRoutes(router: Router): void {
  router.get('/v1/payment_intents/:id', ({ core, path }) => {
    const pi = core.state.paymentIntents[path.id];
    if (!pi) throw noSuch('pi', path.id);
    return pi;
  });

  router.get('/v1/payment_intents', ({ core, params }) => {
    const customer = params.str('customer');
    const items = newestFirst(core.state.paymentIntents).filter((pi) => !customer || pi.customer === customer);
    return paginate(items, params, '/v1/payment_intents');
  });

  router.get('/v1/setup_intents/:id', ({ core, path }) => {
    const si = core.state.setupIntents[path.id];
    if (!si) throw noSuch('seti', path.id);
    return si;
  });

  router.get('/v1/setup_intents', ({ core, params }) => {
    const customer = params.str('customer');
    const pm = params.str('payment_method');
    const items = newestFirst(core.state.setupIntents).filter(
      (si) => (!customer || si.customer === customer) && (!pm || si.payment_method === pm),
    );
    return paginate(items, params, '/v1/setup_intents');
  });

  router.get('/v1/events/:id', ({ core, path }) => {
    const event = core.state.events[path.id];
    if (!event) throw noSuch('evt', path.id);
    return event;
  });

  router.get('/v1/events', ({ core, params }) => {
    const type = params.str('type');
    const types = params.strList('types');
    const created = createdFilter(params);
    params.accept('delivery_success');
    // `type` may end in `*` (e.g. `customer.subscription.*`), as Stripe allows.
    const typeOk = (t: string): boolean =>
      (!type || (type.endsWith('*') ? t.startsWith(type.slice(0, -1)) : t === type)) && (!types || types.includes(t));
    const items = newestFirst(core.state.events).filter((e) => typeOk(e.type) && created(e.created));
    return paginate(items, params, '/v1/events');
  });
}
