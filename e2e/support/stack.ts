/** The product as `./painel start` runs it; shared with the server's fault tests. */
export { startStack, type Stack } from '../../apps/server/src/testing/product.ts';
