/**
 * The server's errors in US English, by code: written once in @painel/contract, which the
 * server answers with too (the provisioning API); this file is the panel's catalogue of them.
 */
export { serverErrorTexts, serverErrorTexts as default } from '@painel/contract/server-errors/en-US';
