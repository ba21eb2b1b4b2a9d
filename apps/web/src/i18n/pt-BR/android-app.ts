import { icu } from '../message.ts';
/** The App Android page (/dashboard/app-android). */
const androidAppTexts = {
  title: 'App Android',
  subtitle: 'Crie o aplicativo Android do seu canal: um APK assinado que abre o seu app com a transmissão ao vivo',
  loading: 'Carregando apps...',

  // tabs
  tabsLabel: 'Seções do App Android',
  apps: 'Apps Criados',
  tabCreateAgain: 'Criar Novo',

  // apps tab
  appsDescription: 'Cada criação gera um APK assinado; ele fica disponível para download quando o status for Concluído.',
  appsCaption: 'Apps Android criados',
  columns: ['Data', 'Status', 'Ações'] as const,
  statusLabels: { done: 'Concluído', error: 'Erro', building: 'Em andamento' },
  building: 'O APK está sendo gerado; esta lista se atualiza sozinha.',
  downloadItem: icu<{ date: string }>('Baixar APK de {date}'),
  removeItem: icu<{ date: string }>('Remover app de {date}'),
  emptyTitle: 'Nenhum app criado',
  emptyText: 'Crie o app Android do seu canal: escolha o nome, o tema e as imagens e o APK é gerado em instantes.',
  previewDescription: 'É assim que o app abre no celular.',
  previewFrame: 'Pré-visualização do app Android',
  previewOpen: 'Abrir em nova aba',

  // create tab
  createDescription: 'Os dados e as imagens do app. As imagens são conferidas antes do envio.',
  nameLabel: 'Nome da TV',
  namePlaceholder: 'Ex.: TV Minha Cidade',
  nameCounter: icu<{ n: number; max: number }>('{n}/{max} caracteres'),
  descriptionLabel: 'Descrição',
  descriptionPlaceholder: 'Uma breve descrição da sua TV',
  versionLabel: 'Versão',
  themeLabel: 'Tema',
  // ANDROID_THEMES' names, in its order
  themes: ['Azul', 'Verde', 'Rosa', 'Vermelho'] as const,
  logoHint: 'PNG de exatamente 300x300 pixels',
  iconHint: 'PNG de exatamente 144x144 pixels',
  backgroundLabel: 'Fundo',
  backgroundHint: 'JPG de exatamente 640x1136 pixels',
  chosenFile: icu<{ name: string; width: number; height: number }>('{name} ({width}x{height})'),
  creating: 'Criando App...',

  // configure tab
  configureDescription: 'Contatos, cores e a tela inicial do app. As mudanças valem no app já instalado, sem gerar outro APK.',
  emailPlaceholder: 'contato@suatv.com.br',
  whatsappPlaceholder: 'Ex.: 5511999999999',
  startScreenLegend: 'Tela inicial',
  startScreenLogo: 'Logo e botão de play',
  chatHint: 'Os espectadores conversam dentro do app',
  newLogoLabel: 'Novo logo (opcional)',
  newBackgroundLabel: 'Novo fundo (opcional)',
  currentImage: icu<{ label: string }>('{label} atual'),
  configure: 'Atualizar Configurações',
  configuring: 'Atualizando...',
  help: [
    'O APK é gerado e assinado no servidor; a lista mostra Em andamento até ele ficar pronto.',
    'O app abre a página do seu canal com a transmissão ao vivo, o logo, as cores e os contatos.',
    'Alterações em Configurar App aparecem no app já instalado na próxima vez que ele abrir.',
    'O nome, o ícone e o tema ficam dentro do APK: para mudá-los, crie um novo app (com uma versão maior, para atualizar o já instalado).',
  ] as const,
} as const;

export default androidAppTexts;
