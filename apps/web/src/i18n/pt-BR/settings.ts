/** The settings page (/dashboard/configuracoes). */
const settingsTexts = {
  title: 'Configurações',
  subtitle: 'Personalize o painel de acordo com as suas preferências',
  loading: 'Carregando configurações...',
  generalSection: 'Configurações Gerais',
  autoRefreshOption: 'Atualização automática',
  autoRefreshHint: 'Atualizar os dados do painel periodicamente',
  sidebarCollapsedOption: 'Menu lateral recolhido',
  sidebarCollapsedHint: 'Abrir o painel com o menu lateral recolhido',
  refreshIntervalLabel: 'Intervalo de atualização (segundos)',
  menuSection: 'Personalização do Menu',
  menuSectionHint: 'Arraste os itens para reordenar o menu e use o ícone de olho para mostrá-los ou ocultá-los.',
  summaryTotal: 'Total',
  summaryVisible: 'Visíveis',
  summaryHidden: 'Ocultos',
  summaryCategories: 'Categorias',
  restoreDefault: 'Restaurar Padrão',
  hiddenTag: 'Oculto',
  regionalSection: 'Configurações Regionais',
  languageLabel: 'Idioma',
  timezoneLabel: 'Fuso horário',
} as const;

export default settingsTexts;
