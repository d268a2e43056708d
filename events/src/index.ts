export * from './supplier-order-placed';
