// /v1/products and /v1/prices. The seed catalog (see ../seed.ts) covers the product;
// creating more is supported for tests and experiments.

import { invalidRequest, noSuch, noSuchParam } from '../errors';
import { newId } from '../ids';
import { newestFirst, paginate } from '../lists';
import { applyMetadata } from '../params';
import type { Router } from '../router';
import { makePrice, makeProduct } from '../seed';
import type { Price, Recurring } from '../types';

const INTERVALS = ['day', 'week', 'month', 'year'] as const;

export function registerPriceRoutes(router: Router): void {
  router.post('/v1/products', ({ core, params }) => {
    const id = params.str('id') || newId('prod');
    if (core.state.products[id]) throw invalidRequest(`Product already exists.`, 'id', 'resource_already_exists');
    const product = makeProduct({ id, name: params.str('name', { required: true }), created: core.now() });
    product.description = params.nullableStr('description') ?? null;
    product.active = params.bool('active') ?? true;
    product.unit_label = params.nullableStr('unit_label') ?? null;
    product.metadata = applyMetadata({}, params.metadata());
    core.state.products[id] = product;
    core.emit('product.created', product);
    return product;
  });

  router.get('/v1/products/:id', ({ core, path }) => {
    const product = core.state.products[path.id];
    if (!product) throw noSuch('prod', path.id);
    return product;
  });

  router.post('/v1/products/:id', ({ core, params, path }) => {
    const product = core.state.products[path.id];
    if (!product) throw noSuch('prod', path.id);
    const name = params.str('name');
    if (name) product.name = name;
    const description = params.nullableStr('description');
    if (description !== undefined) product.description = description;
    const active = params.bool('active');
    if (active !== undefined) product.active = active;
    const defaultPrice = params.str('default_price');
    if (defaultPrice !== undefined) product.default_price = defaultPrice || null;
    product.metadata = applyMetadata(product.metadata, params.metadata());
    product.updated = core.now();
    core.emit('product.updated', product);
    return product;
  });

  router.get('/v1/products', ({ core, params }) => {
    const active = params.bool('active');
    const items = newestFirst(core.state.products).filter((p) => active === undefined || p.active === active);
    return paginate(items, params, '/v1/products');
  });

  router.post('/v1/prices', ({ core, params }) => {
    const currency = params.str('currency', { required: true }).toLowerCase();
    const unitAmount = params.int('unit_amount', { required: true, min: 0 })!;
    let productId = params.str('product');
    const productData = params.obj('product_data');
    if (!productId && !productData) throw invalidRequest('You must specify either `product` or `product_data` when creating a price.', 'product');
    if (productId && !core.state.products[productId]) throw noSuchParam('prod', productId, 'product');

    let recurring: Recurring | null = null;
    const r = params.obj('recurring');
    if (r) {
      recurring = {
        interval: r.oneOf('interval', INTERVALS, { required: true })!,
        interval_count: r.int('interval_count', { min: 1 }) ?? 1,
        meter: null,
        trial_period_days: r.int('trial_period_days', { min: 1 }) ?? null,
        usage_type: 'licensed',
      };
    }
    const lookupKey = params.str('lookup_key');
    const transfer = params.bool('transfer_lookup_key');
    const holder = lookupKey ? Object.values(core.state.prices).find((p) => p.lookup_key === lookupKey) : undefined;
    if (holder && !transfer) {
      throw invalidRequest(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
    }

    if (!productId) {
      const product = makeProduct({ id: newId('prod'), name: productData!.str('name', { required: true }), created: core.now() });
      core.state.products[product.id] = product;
      productId = product.id;
    }
    if (holder) holder.lookup_key = null;
    const price: Price = makePrice({
      id: newId('price'),
      product: productId,
      unit_amount: unitAmount,
      currency,
      recurring,
      nickname: params.nullableStr('nickname') ?? null,
      lookup_key: lookupKey || null,
      metadata: applyMetadata({}, params.metadata()),
      active: params.bool('active') ?? true,
      created: core.now(),
    });
    core.state.prices[price.id] = price;
    core.emit('price.created', price);
    return price;
  });

  router.get('/v1/prices/:id', ({ core, path }) => {
    const price = core.state.prices[path.id];
    if (!price) throw noSuch('price', path.id);
    return price;
  });

  router.post('/v1/prices/:id', ({ core, params, path }) => {
    const price = core.state.prices[path.id];
    if (!price) throw noSuch('price', path.id);
    const nickname = params.nullableStr('nickname');
    if (nickname !== undefined) price.nickname = nickname;
    const active = params.bool('active');
    if (active !== undefined) price.active = active;
    const lookupKey = params.nullableStr('lookup_key');
    if (lookupKey !== undefined) price.lookup_key = lookupKey;
    price.metadata = applyMetadata(price.metadata, params.metadata());
    core.emit('price.updated', price);
    return price;
  });

  router.get('/v1/prices', ({ core, params }) => {
    const active = params.bool('active');
    const product = params.str('product');
    const type = params.str('type');
    const lookupKeys = params.strList('lookup_keys');
    const items = newestFirst(core.state.prices).filter(
      (p) =>
        (active === undefined || p.active === active) &&
        (!product || p.product === product) &&
        (!type || p.type === type) &&
        (!lookupKeys || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))),
    );
    return paginate(items, params, '/v1/prices');
  });
}
