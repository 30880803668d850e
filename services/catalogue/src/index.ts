/**
 * The catalogue's write side: type devices, manufacturers, master products
 * and their sellable variants, meta masters, relations, categories, prices
 * and stock, every change an event. Each area is its own folder; the read
 * side and the module live in @buyloop/catalogue-read-models.
 */
export * from './products/index';
export * from './categories/index';
export * from './pricing/index';
export * from './stock/index';
export * from './media/index';
export * from './demo/index';
