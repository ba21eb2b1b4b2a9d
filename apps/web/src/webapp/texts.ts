/** What the published app says to its visitors (kept in the contract with every other text of the product). */
export { webappPublicUi as texts } from '@painel/contract/webapp-public-ui';
